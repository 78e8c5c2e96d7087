import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/** The app's data provider with its own methods (calls of the table, monitoring reads), as react-admin hands it out. */
export const useAppDataProvider = () => useDataProvider() as unknown as AppDataProvider;
