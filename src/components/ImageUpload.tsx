import { ImageField, ImageInput, useTranslate } from 'react-admin';
import { imageAccept, useRefusedUpload } from './uploads';

/** A stored image arrives as its URL; the preview child expects `{src}`. */
const asPreview = (value: unknown) => (typeof value === 'string' ? { src: value, title: '' } : value);

/**
 * Image upload with a preview of the current image (projects, brands, equipment, profile).
 * The form value stays the URL until a new file is chosen; the dataProvider sends only new files.
 */
export function ImageUpload({ source }: { source: string }) {
  const translate = useTranslate();
  const help = translate('app.screens.actions.image_help');
  const { onDropRejected } = useRefusedUpload();
  return (
    <ImageInput source={source} accept={imageAccept} options={{ onDropRejected }} format={asPreview}
      // The dropzone's own file input is hidden but still announced: it needs a name.
      inputProps={{ 'aria-label': help }}
      placeholder={<p>{help}</p>}>
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}
