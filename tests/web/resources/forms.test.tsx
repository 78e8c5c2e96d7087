/**
 * The hierarchy's forms against the contract (issue 33): each form has a field for every property of
 * its endpoint's body (the parent's id aside, which the dialog sets), and what is typed in a field
 * leaves in the request the app's own data provider sends (the plant's injection price was typed,
 * shown and never sent).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { Form, ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, i18nIn, quietConsole, renderAdmin, resultDialog, type Tables } from '../../../testing/web';
import { calls, mockFetch } from '../../../testing/fetch-mock';
import { dataProvider as appDataProvider } from '../../../src/providers/dataProvider';
import { setTokens } from '../../../src/providers/session';
import { levels } from '../../../src/resources/hierarchy/levels';
import { investorApi, mpptApi, panelApi, powerPlantApi, stringApi } from '../../../contract/hierarchy';

quietConsole();

const installation = (): Tables => ({
  projects: [{ id: 1, name: 'Parque Solar Maipú', image_project: null, plants_count: 1 }],
  'power-plants': [{
    id: 10, project: 1, project_name: 'Parque Solar Maipú', name: 'Central Norte', address: 'Camino Lo Espejo 1', commune: null,
    latitude: -33.5, longitude: -70.7, capacity_kwp: 100.5, tariff: 150, injection_price: 75, commissioned_on: '2024-01-02', elevation_m: null,
  }],
  investors: [], 'project-users': [], users: [], equipments: [], communes: [],
});

/** The fake provider's reads, with creates and updates through the app's data provider over a mocked fetch. */
function throughTheApp(tables: Tables) {
  setTokens({ access: 'A1', refresh: 'R1' });
  mockFetch((call) => ({ body: { id: 99, ...(call.body instanceof FormData ? {} : call.body as object) } }));
  const provider = fakeDataProvider(tables);
  provider.create = vi.fn((resource: string, params: any) => appDataProvider.create(resource, params)) as any;
  provider.update = vi.fn((resource: string, params: any) => appDataProvider.update(resource, params)) as any;
  return provider;
}

const FORMS = [
  { level: levels.plants, create: powerPlantApi.create },
  { level: levels.investors, create: investorApi.create },
  { level: levels.mppts, create: mpptApi.create },
  { level: levels.strings, create: stringApi.create },
  { level: levels.panels, create: panelApi.create },
];

describe('the hierarchy forms hold the contract', () => {
  it.each(FORMS.map((f) => [f.level.resource, f] as const))('the %s form has a field for every body property', async (_name, { level, create }) => {
    const { Inputs } = level;
    const { container } = renderAdmin('/form', {
      dataProvider: fakeDataProvider(installation()),
      routes: <Route path="/form" element={<ResourceContextProvider value={level.resource}><Form><Inputs /></Form></ResourceContextProvider>} />,
    });
    await waitFor(() => expect(container.querySelector('input[name="name"]')).toBeInTheDocument());
    // The date field loads its picker lazily.
    await waitFor(() => expect(container.querySelector('input:disabled')).not.toBeInTheDocument());
    const named = new Set([...container.querySelectorAll('input[name], textarea[name]')].map((i) => i.getAttribute('name')));
    const wanted = Object.keys(create.body.properties).filter((p) => p !== level.parent);
    expect(wanted.filter((p) => !named.has(p))).toEqual([]);
  });
});

describe('what is typed reaches the request', () => {
  it("a new plant's injection price is sent", async () => {
    renderAdmin('/projects/1/show', { dataProvider: throughTheApp(installation()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar central eléctrica' }));
    const form = await screen.findByRole('dialog', { name: 'Agregar central eléctrica' });
    await userEvent.type(within(form).getByLabelText(/Nombre/), 'Central Sur');
    await userEvent.type(within(form).getByLabelText(/Precio de inyección/), '82');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await resultDialog();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/power-plant/create');
    expect(post.body).toMatchObject({ project: 1, name: 'Central Sur', injection_price: 82 });
  });

  it("a plant's injection price, edited, is sent", async () => {
    renderAdmin('/projects/1/show', { dataProvider: throughTheApp(installation()) });
    await userEvent.click(await screen.findByRole('button', { name: /Central Norte/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: /Editar/ });
    const price = within(form).getByLabelText(/Precio de inyección/);
    await waitFor(() => expect(price).toHaveValue('75'));
    await userEvent.clear(price);
    await userEvent.type(price, '82');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await resultDialog();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/power-plant/update/10');
    expect(put.body).toMatchObject({ name: 'Central Norte', injection_price: 82, tariff: 150 });
  });
});

/** The plant's inputs (its name filled in) in a form of their own, in `locale`; resolves with what the form submits. */
async function plantForm(locale: string, record: object = {}) {
  const submitted = vi.fn();
  const { Inputs } = levels.plants;
  renderAdmin('/form', {
    dataProvider: fakeDataProvider(installation()), i18n: await i18nIn(locale),
    routes: (
      <Route path="/form" element={(
        <ResourceContextProvider value="power-plants">
          <Form record={{ name: 'Central Sur', ...record }} onSubmit={submitted}><Inputs /><button type="submit">submit</button></Form>
        </ResourceContextProvider>
      )} />
    ),
  });
  await screen.findByRole('button', { name: 'submit' });
  return submitted;
}

const field = (label: RegExp) => screen.getByRole('textbox', { name: label });

describe('numbers are typed in the chosen language (issue 33)', () => {
  it('Spanish: a decimal comma, or a point where it cannot be a thousands separator', async () => {
    const submitted = await plantForm('es');
    await userEvent.type(field(/Capacidad/), '5,45');
    await userEvent.type(field(/Latitud/), '-33,4263');
    await userEvent.type(field(/Longitud/), '-70.6737');
    await userEvent.type(field(/Tarifa/), '150');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ capacity_kwp: 5.45, latitude: -33.4263, longitude: -70.6737, tariff: 150 });
    // Left, the point is written the language's way.
    expect(field(/Longitud/)).toHaveValue('-70,6737');
  });

  it('Spanish: "1.234" (a thousand, or one and a bit) is refused, saying how to write either', async () => {
    const submitted = await plantForm('es');
    await userEvent.type(field(/Capacidad/), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('«1.234» se puede leer de dos formas: escribe 1234 o 1,234.')).toBeInTheDocument();
    await userEvent.type(field(/Latitud/), 'abc');
    expect(await screen.findByText('Escribe un número (por ejemplo 5,45).')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('shows a stored number in the chosen language, and keeps it when not touched', async () => {
    const submitted = await plantForm('es', { capacity_kwp: 100.5, latitude: -33.447487 });
    expect(field(/Capacidad/)).toHaveValue('100,5');
    expect(field(/Latitud/)).toHaveValue('-33,447487');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ capacity_kwp: 100.5, latitude: -33.447487 });
  });

  it.each([
    // locale, capacity's label, latitude's label, typed, typed, the capacity shown once left
    ['en', /Capacity/, /Latitude/, '5.45', '-33.4263', '5.45'],
    ['en', /Capacity/, /Latitude/, '5,45', '-33,4263', '5.45'],
    ['fr', /Puissance/, /Latitude/, '5,45', '-33.4263', '5,45'],
    ['zh', /装机容量/, /纬度/, '5.45', '-33.4263', '5.45'],
    ['ar', /القدرة/, /خط العرض/, '٥٫٤٥', '-٣٣٫٤٢٦٣', '5.45'],
  ])('%s: %s "%s" and %s "%s" are 5.45 and -33.4263', async (locale, capacity, latitude, typed, typedLatitude, shown) => {
    const submitted = await plantForm(locale);
    await userEvent.type(field(capacity as RegExp), typed as string);
    await userEvent.type(field(latitude as RegExp), typedLatitude as string);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ capacity_kwp: 5.45, latitude: -33.4263 });
    expect(field(capacity as RegExp)).toHaveValue(shown);
  });

  it('English: "1,234" is refused in English words', async () => {
    const submitted = await plantForm('en');
    await userEvent.type(field(/Capacity/), '1,234');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('“1,234” can be read two ways: write 1234 or 1.234.')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
  });
});
