import { useNotify } from 'react-admin';

/** What an upload may hold, as the dropzone takes it: MIME type (or family) to extensions. */
export type Accept = Record<string, string[]>;

export const imageAccept: Accept = { 'image/*': ['.png', '.jpg', '.jpeg', '.gif', '.webp'] };
export const attachmentAccept: Accept = { ...imageAccept, 'application/pdf': ['.pdf'] };

/** The same list for a plain `<input type="file" accept>`. */
export const acceptAttribute = (accept: Accept) => Object.keys(accept).join(',');

/** Whether a file is of an accepted type. */
export const isAccepted = (accept: Accept, file: File) => Object.keys(accept).some((type) =>
  (type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type));

/**
 * Tells the user that a file was refused for its type (the dropzone and the file chooser's 'all
 * files' would otherwise drop it silently). `onDropRejected` goes in a FileInput's `options`.
 */
export function useRefusedUpload() {
  const notify = useNotify();
  const refuse = (files: File[]) => notify('app.messages.file_type', {
    type: 'error', messageArgs: { name: files.map((f) => f.name).join(', ') },
  });
  return { refuse, onDropRejected: (rejections: { file: File }[]) => refuse(rejections.map((r) => r.file)) };
}
