import { Create, Edit, SimpleForm, TextInput } from 'react-admin';
import { useResultFeedback } from '../../components/ResultDialog';
import { nameRequired } from '../../components/validators';
import { CreateToolbar, EditToolbar } from '../../components/FormToolbars';

const TagInputs = () => <TextInput source="name" validate={nameRequired} fullWidth />;

export const TagCreate = () => {
  const feedback = useResultFeedback('tag', 'create', { redirect: 'show', resource: 'tags' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}><TagInputs /></SimpleForm>
    </Create>
  );
};

export const TagEdit = () => {
  const feedback = useResultFeedback('tag', 'update', { redirect: 'show', resource: 'tags' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<EditToolbar entity="tag" />}><TagInputs /></SimpleForm>
    </Edit>
  );
};
