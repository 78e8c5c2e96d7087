import { Create, Edit, SimpleForm, TextInput } from 'react-admin';
import { ImageUpload } from '../../components/ImageUpload';
import { useResultFeedback } from '../../components/ResultDialog';
import { nameRequired } from '../../components/validators';
import { CreateToolbar, EditToolbar } from '../../components/FormToolbars';

const TrademarkInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <ImageUpload source="image" />
  </>
);

/** SPEC §4: the brand list is reloaded after create, update or delete, so every save returns to it. */
export const TrademarkCreate = () => {
  const feedback = useResultFeedback('brand', 'create', { redirect: 'list', resource: 'trademarks' });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}><TrademarkInputs /></SimpleForm>
    </Create>
  );
};

export const TrademarkEdit = () => {
  const feedback = useResultFeedback('brand', 'update', { redirect: 'list', resource: 'trademarks' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<EditToolbar entity="brand" />}><TrademarkInputs /></SimpleForm>
    </Edit>
  );
};
