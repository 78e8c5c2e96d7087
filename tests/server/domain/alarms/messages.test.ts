/** An alarm told in words: where it is and its title, in each language's way of labelling a name. */
import { describe, expect, it } from 'vitest';
import { alarmMessage, type AlarmFacts } from '../../../../server/domain/alarms/messages.js';

const MPPT_LOW: AlarmFacts = {
  id: 7, kind: 'mppt_low', plant_name: 'Planta Maipú', investor_name: 'Inversor 1', mppt_name: 'MPPT 2', string_name: 'String 2',
  details: { pct_of_siblings: 0, threshold_pct: 60, window_from: '2026-11-28T20:40:00Z', window_to: '2026-11-28T21:35:00Z' },
};

describe('alarm messages', () => {
  it('name the plant after its label and a colon, as the inverter, MPPT and string', () => {
    const { title, message } = alarmMessage(MPPT_LOW, 'es', 'America/Santiago');
    expect(message).toMatch(/^Planta: Planta Maipú · Inversor: Inversor 1 · MPPT: MPPT 2 · String: String 2\. Produce el 0 %/);
    expect(title).toBe('MPPT o string con baja producción: Planta Maipú');
  });

  it("use each language's colon", () => {
    expect(alarmMessage(MPPT_LOW, 'fr', 'America/Santiago').message).toMatch(/^Centrale : Planta Maipú · Onduleur : Inversor 1 · MPPT : MPPT 2 · Chaîne : String 2\./);
    expect(alarmMessage(MPPT_LOW, 'zh', 'America/Santiago').message).toMatch(/^电站：Planta Maipú · 逆变器：Inversor 1 · MPPT：MPPT 2 · 组串：String 2。?/);
  });

  it('end the e-mail with the link after its label', () => {
    expect(alarmMessage(MPPT_LOW, 'es', 'America/Santiago', 'http://x/app/alarms/7/show').mailText).toMatch(/\n\nVer la alarma: http:\/\/x\/app\/alarms\/7\/show$/);
  });
});
