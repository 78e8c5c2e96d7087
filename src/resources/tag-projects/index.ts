import type { AppResource } from '../types';

/** A project grouped under a tag: listed, added and removed on the tag detail page. */
export const tagProjects: AppResource = { name: 'tag-projects', menu: false, recordRepresentation: 'project_name' };
