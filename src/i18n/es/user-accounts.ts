/** What staff do to another user's account beyond SPEC.md's screens: deactivate it (and activate it again). */
const userAccounts = {
  app: {
    screens: {
      users: {
        deactivate: 'Desactivar usuario',
        deactivate_confirm: '%{email} no podrá iniciar sesión y sus sesiones abiertas terminarán ahora. Podrás activarlo de nuevo cuando quieras. ¿Deseas continuar?',
      },
    },
    messages: {
      user: {
        deactivated: 'Usuario desactivado exitosamente.', deactivate_error: 'Ocurrió un error al desactivar el usuario.',
        deleted: 'Usuario eliminado exitosamente.', delete_error: 'Ocurrió un error al eliminar el usuario.',
      },
    },
  },
};
export default userAccounts;
