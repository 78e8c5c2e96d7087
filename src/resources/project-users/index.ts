import type { AppResource } from '../types';

/** A user associated with a project: listed, added and removed on the project and user detail pages. */
export const projectUsers: AppResource = {
  name: 'project-users',
  customer: [],
  menu: false,
  recordRepresentation: (link) => link.user_fullname || link.user_email,
};
