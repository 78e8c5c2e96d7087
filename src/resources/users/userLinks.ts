/**
 * A user's project and tag links, for their detail page. The API lists links by project
 * (GET /associate-project-user/{projectId}) and all memberships (GET /tag-user-all/list?admin=True),
 * not by user, so the links are gathered from those and narrowed here. The query keys sit under
 * react-admin's ('project-users', 'getManyReference') and ('tag-users', 'getList') so that adding or
 * removing a link refreshes them like any other list.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'react-admin';

const ALL = { page: 1, perPage: 500 };

export function useUserTags(user: RaRecord | undefined) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['tag-users', 'getList', { ofUser: user?.id }],
    enabled: !!user,
    queryFn: async ({ signal }) => {
      // The e-mail narrows the memberships on the server; the id decides.
      const { data } = await dataProvider.getList('tag-users', {
        filter: { admin: 'True', q: user!.email }, pagination: ALL, sort: { field: 'tag_name', order: 'ASC' }, signal,
      });
      return data.filter((link) => String(link.customuser) === String(user!.id));
    },
  });
}

export function useUserProjects(user: RaRecord | undefined) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['project-users', 'getManyReference', { ofUser: user?.id }],
    enabled: !!user,
    queryFn: async ({ signal }) => {
      const { data: projects } = await dataProvider.getList('projects', {
        filter: {}, pagination: ALL, sort: { field: 'name', order: 'ASC' }, signal,
      });
      const pages = await Promise.all(projects.map((project) => dataProvider.getManyReference('project-users', {
        target: 'user_project', id: project.id, filter: {}, pagination: ALL, sort: { field: 'id', order: 'ASC' }, signal,
      })));
      return pages.flatMap((page) => page.data).filter((link) => String(link.users) === String(user!.id));
    },
  });
}
