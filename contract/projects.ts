/** Projects: the top of the installation hierarchy, with an image. */
import { Type } from '@sinclair/typebox';
import { S } from './common.js';
import { crud } from './crud.js';

export const Project = Type.Object({
  id: Type.Integer(), name: Type.String(), image_project: S.nullable(Type.String()), created_at: S.timestamp(),
  plants_count: Type.Integer(),
}, { title: 'Project' });
export const ProjectBody = Type.Object({ name: S.nonBlank(150), image_project: Type.Optional(S.file()) });

const project = crud({ tag: 'project', noun: 'project', item: Project, body: ProjectBody, multipart: true });
export const projectApi = {
  list: project.list('/project-all/'),
  one: project.one('/project/:id'),
  create: project.create('/project/create'),
  update: project.update('/project/update/:id'),
  delete: project.delete('/project/deleted/:id'),
};
