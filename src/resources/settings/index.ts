import Settings from '@mui/icons-material/Settings';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** No list of its own: the single settings row is edited on /app/configuration. */
const ConfigurationPage = lazyComponent(() => import('./ConfigurationPage'), (m) => m.ConfigurationPage);

export const settings: AppResource = {
  name: 'settings',
  icon: Settings,
  customer: [],
  menu: 'maintainers',
  menuTo: '/configuration',
  routes: [{ path: 'configuration', element: ConfigurationPage }],
};
