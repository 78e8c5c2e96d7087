/** react-admin's notification area as a module of its own, for the public pages to load on demand (PublicLayout). */
export { Notification as default } from 'react-admin';
