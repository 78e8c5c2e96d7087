import { TextInput } from 'react-admin';
import { ImageUpload } from '../../components/ImageUpload';
import { nameRequired } from '../../components/validators';

/** Name and image; the dataProvider sends each only when present (SPEC §5). */
export const ProjectInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <ImageUpload source="image_project" />
  </>
);
