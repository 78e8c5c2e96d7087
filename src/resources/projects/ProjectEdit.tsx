import { Edit, SimpleForm } from 'react-admin';
import { useResultFeedback } from '../../components/ResultDialog';
import { ProjectInputs } from './ProjectInputs';
import { EditToolbar } from '../../components/FormToolbars';

export const ProjectEdit = () => {
  const feedback = useResultFeedback('project', 'update', { redirect: 'show', resource: 'projects' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<EditToolbar entity="project" />}>
        <ProjectInputs />
      </SimpleForm>
    </Edit>
  );
};
