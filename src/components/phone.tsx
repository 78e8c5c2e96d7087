import { TextField, type TextFieldProps } from 'react-admin';

/*
 * A phone number reads left to right in every language: in an Arabic line its digit groups would
 * otherwise run in reverse ('4321 8765 9 56+'), numbers taking the line's direction between them.
 * Laid out left to right, it still keeps to the page's starting side: 'left' below is that side of a
 * left-to-right page, and the right-to-left style cache (src/theme/rtl.ts) flips it for Arabic.
 */
const startingSide = { textAlign: 'left' } as const;

/** A record's phone number, shown. */
export const PhoneField = (props: TextFieldProps) => <TextField {...props} dir="ltr" sx={startingSide} />;

/** The props of a phone number's input: react-admin's TextInput or MUI's FilledInput. */
export const phoneInputProps = { inputProps: { dir: 'ltr' }, sx: { '& input': startingSide } } as const;
