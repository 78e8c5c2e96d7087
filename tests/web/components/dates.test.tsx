/**
 * A form's date typed digit by digit (issue 33): typing the year wiped the day and month, and the
 * plant was saved with no date and no error. A whole date typed is that date, in each language's
 * order; a date not yet whole is refused with a message saying the order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { Form, ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, i18nIn, quietConsole, renderAdmin } from '../../../testing/web';
// Lazily loaded in the app (LazyDateInput); up front here, so the waits time the field, not the module.
import DatePickerInput from '../../../src/components/DatePickers';

quietConsole();

/** The plant's commissioning date in a form of its own, in `locale`; resolves with what the form submits. */
async function dateForm(locale: string, record: object = {}) {
  const submitted = vi.fn();
  renderAdmin('/form', {
    dataProvider: fakeDataProvider({}), i18n: await i18nIn(locale),
    routes: (
      <Route path="/form" element={(
        <ResourceContextProvider value="power-plants">
          <Form record={record} onSubmit={submitted}><DatePickerInput source="commissioned_on" /><button type="submit">submit</button></Form>
        </ResourceContextProvider>
      )} />
    ),
  });
  await screen.findByRole('button', { name: 'submit' });
  return submitted;
}

describe("a form's date, typed", () => {
  it.each([
    ['es', 'Fecha de puesta en marcha', '15112026', ['15', '11', '2026']],
    ['fr', 'Date de mise en service', '15112026', ['15', '11', '2026']],
    ['en', 'Commissioning date', '11152026', ['11', '15', '2026']],
    ['zh', '投运日期', '20261115', ['2026', '11', '15']],
  ])('%s: %s typed digit by digit is that day', async (locale, label, keys, shown) => {
    const submitted = await dateForm(locale);
    const field = await screen.findByRole('group', { name: new RegExp(label as string) });
    await userEvent.click(within(field).getAllByRole('spinbutton')[0]);
    await userEvent.keyboard(keys as string);
    expect(within(field).getAllByRole('spinbutton').map((s) => s.textContent)).toEqual(shown);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ commissioned_on: '2026-11-15' });
  });

  it('a date not yet whole is refused, saying the order to type it in', async () => {
    const submitted = await dateForm('es', { commissioned_on: '2024-01-02' });
    const field = await screen.findByRole('group', { name: /Fecha de puesta en marcha/ });
    await waitFor(() => expect(within(field).getAllByRole('spinbutton').map((s) => s.textContent)).toEqual(['02', '01', '2024']));
    await userEvent.click(within(field).getAllByRole('spinbutton')[2]);
    await userEvent.keyboard('{Backspace}20');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Escribe la fecha completa (DD/MM/AAAA).')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
    // Finished, it is taken.
    await userEvent.click(within(field).getAllByRole('spinbutton')[2]);
    await userEvent.keyboard('{Backspace}2025');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ commissioned_on: '2025-01-02' });
  });

  it('an emptied date is no date', async () => {
    const submitted = await dateForm('es', { commissioned_on: '2024-01-02' });
    const field = await screen.findByRole('group', { name: /Fecha de puesta en marcha/ });
    await waitFor(() => expect(within(field).getAllByRole('spinbutton')[0]).toHaveTextContent('02'));
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar valor' }));
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ commissioned_on: null });
  });
});
