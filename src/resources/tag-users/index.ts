import type { AppResource } from '../types';

/** A user's membership of a tag: listed, added and removed on the tag and user detail pages. */
export const tagUsers: AppResource = {
  name: 'tag-users',
  customer: [],
  menu: false,
  recordRepresentation: (link) => link.user_fullname || link.user_email,
};
