/**
 * The product speaks Spanish in the informal 'tú' (issue 33), in the API's messages, mails and PDFs
 * as in the web app: none of the formal ('usted') forms it used to mix in. SPEC.md §5 and §8 keep
 * their own words ('Para entrar por favor inicie sesión nuevamente.'), which are not here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** Formal imperatives and possessives the texts used, and their like. */
const FORMAL = /\b(usted(es)?|Asegúrese|Introduzca|Elija|Escriba|escriba|Ingrese|ingrese|Intente|inténtelo|Inténtelo|Espere|Verifique|verifique|Revise|revise|Seleccione|seleccione|Haga|haga|Contacte|contacte|Asígnelos|desactívelo|cree un|use (AAAA|ISO|un)|no desea|en su perfil|su contraseña|su cuenta)\b/;

const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
});

describe('Spanish is informal (tú) throughout', () => {
  it('the pattern catches the forms it is for', () => {
    for (const text of ['Asegúrese de que este valor sea mayor o igual a 0.', 'Fecha inválida: use AAAA-MM-DD.', 'Si no desea recibir este informe']) {
      expect(FORMAL.test(text), text).toBe(true);
    }
    for (const text of ['Asegúrate de que este valor sea mayor o igual a 0.', 'Fecha inválida: usa AAAA-MM-DD.', 'escribe su dirección']) {
      expect(FORMAL.test(text), text).toBe(false);
    }
  });

  it.each(['server', 'src/i18n/es'])('no formal form in the Spanish texts of %s', (dir) => {
    const found = files(join(ROOT, dir)).flatMap((file) => readFileSync(file, 'utf8').split('\n')
      .map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` }))
      .filter(({ line }) => FORMAL.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*')))
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
