import { Box, Typography } from '@mui/material';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { CreateButton, useResourceContext, useResourceDefinition, useTranslate } from 'react-admin';
import { useIsStaff } from './permissions';

/**
 * What an empty list says (SPEC §2: 'No hay proyectos registrados'...): the resource's
 * `resources.<name>.empty` text, plus the create button for administrators when the resource has one.
 */
export function ListEmpty({ message, create = true }: { message?: string; create?: boolean }) {
  const resource = useResourceContext();
  const { hasCreate } = useResourceDefinition();
  const translate = useTranslate();
  const isStaff = useIsStaff();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }} role="status">
      <InboxOutlined color="disabled" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h6" color="text.secondary" gutterBottom>
        {translate(message ?? `resources.${resource}.empty`)}
      </Typography>
      {create && hasCreate && isStaff && <CreateButton variant="contained" />}
    </Box>
  );
}

/** The same text, small, for lists inside a detail page. */
export function InlineEmpty({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} role="status">
      {translate(message)}
    </Typography>
  );
}
