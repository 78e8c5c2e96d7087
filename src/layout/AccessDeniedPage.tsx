import { AccessDenied, Title } from 'react-admin';

/**
 * react-admin's access-denied page, named in the top bar as every other page is: its own has no
 * title, and on a phone, where the bar shows only the page's title, the bar stood empty.
 */
export const AccessDeniedPage = () => (
  <>
    <Title title="ra.page.access_denied" />
    <AccessDenied />
  </>
);
