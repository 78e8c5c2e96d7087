/** What staff do to another user's account beyond SPEC.md's screens: deactivate it (and activate it again). */
const userAccounts = {
  app: {
    screens: {
      users: {
        deactivate: 'Desactivar usuario',
        deactivate_confirm: '%{email} no podrá iniciar sesión y sus sesiones abiertas terminarán ahora. Podrás activarlo de nuevo cuando quieras. ¿Deseas continuar?',
        password_invite_help: 'Déjala en blanco para enviarle una invitación por correo: elegirá su propia contraseña.',
      },
    },
    messages: {
      user_data: { updated: 'Datos del usuario modificados exitosamente.', update_error: 'Ocurrió un error al modificar los datos del usuario.' },
      user: {
        deactivated: 'Usuario desactivado exitosamente.', deactivate_error: 'Ocurrió un error al desactivar el usuario.',
        deleted: 'Usuario eliminado exitosamente.', delete_error: 'Ocurrió un error al eliminar el usuario.',
      },
    },
  },
};
export default userAccounts;
