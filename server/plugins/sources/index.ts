/**
 * Vendor cloud accounts (contract/sources.ts): staff enter an account, its credentials are sealed
 * (server/sources/credentials.ts) and never answered nor logged; its stations are listed at the
 * vendor and linked to plants; "read now" reads the linked stations through the account's connector
 * and stores the readings (server/sources/sync.ts); every SOURCES_INTERVAL each account is read by
 * one process in all (server/sources/poller.ts). A vendor's failure is a 502 saying why, and is
 * kept on the account (last error, its kind). At start, credentials still sealed under the previous
 * key (CREDENTIALS_KEY_PREVIOUS) are sealed again under the current one.
 */
import fp from 'fastify-plugin';
import { credentialsFit, sourcesApi, type Vendor } from '../../../contract/sources.js';
import { ApiError, fieldError, notFound } from '../../core/errors.js';
import { everyInterval, WORKER } from '../../core/jobs.js';
import { route } from '../../core/route.js';
import { pollAccounts } from '../../sources/poller.js';
import { credentialsBox } from '../../sources/credentials.js';
import { refreshStations, syncAccount, withAccount, type SyncOptions } from '../../sources/sync.js';
import { SourceError } from '../../sources/types.js';
import {
  account, accountForReading, accounts, deleteAccount, insertAccount, linkStation, plantExists, projectExists,
  resealCredentials, station, stationsOf, updateAccount,
} from './queries.js';

/** A vendor's failure as the API answers it: 502, saying why (never a 500). */
async function fromVendor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SourceError) throw new ApiError(502, { detail: err.message });
    throw err;
  }
}

/** Credentials of another vendor than the account's: a 400 on the field (their values never echoed). */
function checkCredentials(vendor: Vendor, credentials: Record<string, string>) {
  if (!credentialsFit(vendor, credentials)) throw fieldError('credentials', 'Estas credenciales no son las que pide este proveedor.');
}

export default fp(async (app) => {
  const { db } = app;
  const box = credentialsBox(app.config.credentialsKey, app.config.credentialsKeyPrevious);
  const options: SyncOptions = { box };
  // A database away at start leaves the re-sealing to the next start; the server starts all the same.
  app.addHook('onReady', async () => {
    try {
      const resealed = await resealCredentials(db, box);
      if (resealed) app.log.info({ resealed }, 'vendor credentials sealed again under the new CREDENTIALS_KEY');
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'vendor credentials could not be sealed again under the new CREDENTIALS_KEY');
    }
  });

  const found = async (id: number) => {
    const row = await account(db, id);
    if (!row) throw notFound();
    return row;
  };
  const forReading = async (id: number) => {
    const row = await accountForReading(db, id);
    if (!row) throw notFound();
    return row;
  };

  everyInterval(app, app.config.sourcesIntervalSeconds * 1000, () => pollAccounts(db, { ...options, intervalMs: app.config.sourcesIntervalSeconds * 1000, worker: WORKER }),
    'vendor accounts could not be read');

  route(app, sourcesApi.list, async () => accounts(db));

  route(app, sourcesApi.create, async (request, reply) => {
    const { vendor, label, base_url, credentials } = request.body;
    checkCredentials(vendor, credentials);
    const id = await insertAccount(db, { vendor, label: label.trim(), base_url: base_url.replace(/\/+$/, ''), credentials: box.seal(credentials) });
    return reply.status(201).send(await found(id));
  });

  route(app, sourcesApi.update, async (request) => {
    const { label, base_url, credentials } = request.body;
    if (credentials) checkCredentials((await found(request.params.id)).vendor, credentials);
    const changed = await updateAccount(db, request.params.id, {
      ...(label !== undefined ? { label: label.trim() } : {}),
      ...(base_url !== undefined ? { base_url: base_url.replace(/\/+$/, '') } : {}),
      ...(credentials ? { credentials: box.seal(credentials) } : {}),
    });
    if (!changed) throw notFound();
    return found(request.params.id);
  });

  route(app, sourcesApi.remove, async (request, reply) => {
    if (!await deleteAccount(db, request.params.id)) throw notFound();
    return reply.status(204).send(null);
  });

  route(app, sourcesApi.stations, async (request) => {
    const row = await forReading(request.params.id);
    await fromVendor(() => refreshStations(db, row, options));
    return stationsOf(db, row.id);
  });

  route(app, sourcesApi.link, async (request) => {
    const row = await forReading(request.params.id);
    const listed = await station(db, row.id, request.params.code);
    if (!listed) throw notFound();
    const body = request.body;
    if ('plant' in body && !await plantExists(db, body.plant)) throw fieldError('plant', 'La planta no existe.');
    if ('project' in body && !await projectExists(db, body.project)) throw fieldError('project', 'El proyecto no existe.');
    const devices = await fromVendor(() => withAccount(db, row, options, (c) => c.devices([listed.code])));
    const inverters = await linkStation(db, row.id, listed.code, devices, 'plant' in body ? { plant: body.plant } : {
      project: body.project, name: (body.name ?? listed.name).trim() || listed.code, capacityKwp: listed.capacity_kwp, address: listed.address,
    });
    return { ...(await station(db, row.id, listed.code))!, inverters };
  });

  route(app, sourcesApi.read, async (request) => {
    const row = await forReading(request.params.id);
    const result = await fromVendor(() => syncAccount(db, row, options));
    return { ...result, account: await found(row.id) };
  });
}, { name: 'sources' });
