import type esCommon from '../es/common';
import type { Translation } from '../merge';

const common: Translation<typeof esCommon> = {
  // A detail page is titled by its record alone: 'Proyecto Demo' rather than 'Proyecto Proyecto Demo'.
  ra: { page: { show: '%{recordRepresentation}' } },
  app: {
    tagline: 'For a 100% renewable country with access for everyone',
    language: 'Language',
    loading: 'Loading…',
    menu: {
      monitoring: 'Monitoring',
      maintainers: 'Maintainers',
      tickets: 'Support tickets',
      profile: 'My profile',
    },
    not_found: {
      title: 'Page not found',
      text: 'The page you are looking for does not exist or has been moved.',
      back: 'Back to Dashboard',
    },
    lazy: {
      error: 'The application could not be loaded. Check your connection and try again.',
      retry: 'Retry',
    },
    monitoring: {
      title: 'Monitoring',
      soon: 'Live monitoring of your plants is coming soon. For now you can see your projects and their power plants.',
      no_projects: 'You have no projects yet.',
      no_plants: 'This project has no power plants yet.',
      plants: '%{smart_count} power plant |||| %{smart_count} power plants',
      capacity: '%{value} kWp',
      open_project: 'Open project',
      error: 'The projects could not be loaded.',
    },
    validation: {
      name: 'The name is required',
      description: 'The description is required',
      message: 'The message is required',
    },
    messages: {
      logout_error: 'An error occurred while ending the session',
      session_expired: 'Please sign in again to continue.',
    },
  },
};

export default common;
