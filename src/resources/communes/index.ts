import type { AppResource } from '../types';

/** Read-only reference data (plant addresses); listed on the configuration page, not in the menu. */
export const communes: AppResource = { name: 'communes', customer: [], menu: false, recordRepresentation: 'name' };
