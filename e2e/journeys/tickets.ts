/**
 * The support-ticket journey, two sessions at once: the demo customer opens a ticket with an image
 * attached; the demo administrator finds it unassigned, opens its thread, sees the image, assigns
 * himself and replies; the customer sees the reply and the bell's unread count; the administrator
 * closes the ticket and the customer can no longer reply. Screenshots of both sides land in
 * e2e/artifacts/tickets-*.png; axe checks the thread page of each user.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { accessibilityProblems, checkAccessibility, newSession, screenshot, signIn, type JourneyContext } from '../harness.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid 64×64 RGB PNG (an orange square with a blue band), big enough to see in a screenshot. */
function samplePng(): Buffer {
  const size = 64;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 3); // filter byte 0, then the pixels
    for (let x = 0; x < size; x += 1) {
      const band = y > 24 && y < 40;
      rows.set(band ? [30, 90, 200] : [245, 150, 20], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Closes the 'Excelente' dialog once it shows `message`. */
async function expectSuccess(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Excelente' });
  await dialog.getByText(message).waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The value shown under a caption of the ticket header (e.g. 'Administrador asignado'). */
const headerValue = (page: Page, caption: string) =>
  page.locator(`xpath=//div[normalize-space(text())="${caption}"]/following-sibling::div[1]`).first();

async function waitForText(page: Page, locator: ReturnType<Page['locator']>, expected: string) {
  await locator.waitFor();
  const deadline = Date.now() + 20_000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await locator.textContent())?.trim() ?? '';
    if (seen === expected) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`expected "${expected}", saw "${seen}"`);
}

export async function ticketsJourney({ server, browser, journey }: JourneyContext) {
  const at = (p: string) => `${server.url}${p}`;
  const customer = await newSession(browser);
  const admin = await newSession(browser);
  const firstProblem = accessibilityProblems.length;
  journey.begin('Support tickets (demo customer and demo administrator, two sessions)', [customer.page, admin.page]);

  const title = `Inversor sin datos ${Date.now().toString(36)}`;
  const reply = 'Hola Carlos, revisamos el inversor y ya está reportando otra vez.';
  const attachment = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'solar-e2e-attach-')), 'inversor.png');
  fs.writeFileSync(attachment, samplePng());
  let threadPath = '';
  let ticketId = '';

  await journey.step('the customer signs in and opens the ticket list', async () => {
    const { page } = customer;
    await signIn(page, server.url, 'cliente@demo.cl', 'cliente1234');
    await page.goto(at('/app/tickets/list'));
    await page.getByRole('button', { name: 'Nuevo ticket' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tickets-01-customer-list');
  });

  await journey.step('the customer opens a ticket with an image attached', async () => {
    const { page } = customer;
    await page.getByRole('button', { name: 'Nuevo ticket' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo ticket' });
    await form.getByLabel('Título').fill(title);
    await form.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Soporte técnico' }).click();
    await form.getByLabel('Descripción').fill('El inversor de la Planta Maipú no reporta datos desde ayer en la tarde.');
    await form.locator('input[type="file"]').setInputFiles(attachment);
    await form.getByText('inversor.png').waitFor();
    await screenshot(page, 'tickets-02-customer-new-ticket');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectSuccess(page, 'Ticket creado exitosamente.');
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    await screenshot(page, 'tickets-03-customer-ticket-created');
  });

  await journey.step('the administrator finds the new ticket unassigned and opens its thread', async () => {
    const { page } = admin;
    await signIn(page, server.url, 'admin@demo.cl', 'admin1234');
    await page.goto(at('/app/tickets/list'));
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Sin asignar').waitFor();
    await row.getByText('Carlos Cliente').waitFor();
    await screenshot(page, 'tickets-04-admin-list');
    await row.getByText(title).click();
    await page.waitForURL(/\/app\/tickets\/\d+\/show/);
    threadPath = new URL(page.url()).pathname;
    ticketId = threadPath.split('/')[3];
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await waitForText(page, headerValue(page, 'Administrador asignado'), 'Sin asignar');
  });

  await journey.step('the administrator sees the attached image', async () => {
    const { page } = admin;
    const image = page.getByRole('img', { name: 'Archivo adjunto' });
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Archivo adjunto"]');
      return !!img && img.complete && img.naturalWidth === 64;
    });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tickets-05-admin-thread');
    await checkAccessibility(page, 'ticket-thread-admin');
  });

  await journey.step('the administrator assigns himself (Ana Administradora)', async () => {
    const { page } = admin;
    await page.getByRole('combobox', { name: 'Administrador asignado' }).click();
    await page.getByRole('option', { name: 'Ana Administradora' }).click();
    await page.getByRole('button', { name: 'Asignar', exact: true }).click();
    await expectSuccess(page, 'Ticket actualizado exitosamente.');
    await waitForText(page, headerValue(page, 'Administrador asignado'), 'Ana Administradora');
  });

  await journey.step('the administrator replies', async () => {
    const { page } = admin;
    await page.getByRole('textbox', { name: 'Respuesta' }).fill(reply);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expectSuccess(page, 'Mensaje enviado exitosamente.');
    await page.getByRole('list', { name: 'Conversación' }).getByText(reply).waitFor();
    await screenshot(page, 'tickets-06-admin-replied');
  });

  await journey.step('the customer reloads the thread and sees the reply', async () => {
    const { page } = customer;
    await page.goto(at(threadPath));
    const conversation = page.getByRole('list', { name: 'Conversación' });
    const post = conversation.getByRole('listitem', { name: 'Ana Administradora' });
    await post.getByText(reply).waitFor();
    await post.getByText('Soporte', { exact: true }).waitFor();
    await waitForText(page, headerValue(page, 'Administrador asignado'), 'Ana Administradora');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tickets-07-customer-thread');
    await checkAccessibility(page, 'ticket-thread-customer');
  });

  await journey.step('the customer\'s bell counts the reply and lists it', async () => {
    const { page } = customer;
    const bell = page.getByRole('button', { name: /^Notificaciones: \d+ sin leer$/ });
    await bell.waitFor();
    const deadline = Date.now() + 20_000;
    let count = 0;
    while (Date.now() < deadline) {
      count = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);
      if (count >= 1) break;
      await page.waitForTimeout(250);
    }
    if (count < 1) throw new Error(`the bell shows ${count} unread`);
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notificaciones' });
    await popover.getByText(`Nueva respuesta en el ticket #${ticketId}`).waitFor();
    await popover.getByText(`Ana Administradora respondió en el ticket «${title}».`).waitFor();
    await screenshot(page, 'tickets-08-customer-bell');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
  });

  await journey.step('the administrator closes the ticket', async () => {
    const { page } = admin;
    await page.getByRole('combobox', { name: 'Estado del ticket' }).click();
    await page.getByRole('option', { name: 'Cerrado' }).click();
    await expectSuccess(page, 'Estatus del ticket modificado exitosamente.');
    await page.getByText('Este ticket está cerrado.').waitFor();
    await screenshot(page, 'tickets-09-admin-closed');
  });

  await journey.step('the customer sees the ticket closed and can no longer reply', async () => {
    const { page } = customer;
    await page.goto(at(threadPath));
    await page.getByText('Este ticket está cerrado.').waitFor();
    await page.getByText('El ticket está cerrado y no admite nuevos mensajes.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Respuesta' }).waitFor();
    if (await page.getByRole('textbox', { name: 'Respuesta' }).isEnabled()) throw new Error('the reply box is still enabled');
    if (await page.getByRole('button', { name: 'Enviar', exact: true }).isEnabled()) throw new Error('the send button is still enabled');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tickets-10-customer-closed');
  });

  await journey.step('no serious or critical accessibility violations (ticket thread, customer and administrator)', async () => {
    const problems = accessibilityProblems.slice(firstProblem);
    if (problems.length) throw new Error(problems.join('\n'));
  });

  await journey.step('no script errors or CSP violations on either side (ticket thread with an attachment)', async () => {
    const errors = [...customer.pageErrors, ...admin.pageErrors];
    if (errors.length) throw new Error(errors.join('\n'));
  });

  await customer.context.close();
  await admin.context.close();
  fs.rmSync(path.dirname(attachment), { recursive: true, force: true });
}
