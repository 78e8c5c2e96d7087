import { Create, SimpleForm } from 'react-admin';
import { useResultFeedback } from '../../components/ResultDialog';
import { ProjectInputs } from './ProjectInputs';
import { CreateToolbar } from '../../components/FormToolbars';

export const ProjectCreate = () => {
  const feedback = useResultFeedback('project', 'create', { redirect: 'show', resource: 'projects' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}>
        <ProjectInputs />
      </SimpleForm>
    </Create>
  );
};
