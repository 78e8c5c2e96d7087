/**
 * Messages of the public pages (login, registration, password recovery, activation, Google).
 * The texts of SPEC §5 and §8 are word for word.
 */
const auth = {
  app: {
    auth: {
      email: 'Correo Electrónico',
      password: 'Contraseña',
      password_confirm: 'Confirmar contraseña',
      first_name: 'Nombre',
      last_name: 'Apellido',
      phone: 'Teléfono',
      address: 'Dirección',
      back_to_login: 'Volver a iniciar sesión',
      resend_activation: 'Reenviar el enlace de activación',
      login: {
        title: 'Iniciar sesión',
        subtitle: 'Ingresa a tu cuenta para continuar.',
        submit: 'Iniciar sesión',
        google: 'Iniciar sesión con Google',
        or: 'o',
        register: '¿No tienes una cuenta? Regístrate',
        forgot: '¿Olvidaste tu contraseña?',
      },
      register: {
        title: 'Crear una cuenta',
        submit: 'Registrarse',
        login: '¿Ya tienes una cuenta? Inicia sesión',
        check_mail: 'Te enviamos un enlace a %{email} para activar tu cuenta.',
        resend: 'Reenviar el enlace',
      },
      forgot: {
        title: 'Recuperar contraseña',
        text: 'Ingresa tu Correo Electrónico y te enviaremos un enlace para crear una nueva contraseña.',
        submit: 'Enviar enlace',
      },
      reset: {
        title: 'Nueva contraseña',
        checking: 'Verificando el enlace…',
        submit: 'Cambiar contraseña',
      },
      activate: {
        title: 'Verificación de correo electrónico',
        checking: 'Activando tu cuenta…',
      },
      google: {
        title: 'Inicio de sesión con Google',
        checking: 'Iniciando sesión…',
      },
      logout: {
        title: 'Cerrando sesión…',
      },
    },
    messages: {
      login_error: 'Contraseña incorrecta',
      google_error: 'Error al iniciar sesión',
      register_success: 'Registro Exitoso',
      register_error: 'Ocurrió un error al registrar el usuario.',
      email_taken: 'Este correo electrónico ya se encuentra registrado.',
      recovery_sent: 'Te enviamos un enlace para recuperar tu contraseña. Revisa tu Correo Electrónico.',
      recovery_error: 'Ocurrió un error al enviar el Correo Electrónico para recuperar contraseña',
      reset_success: 'Contraseña recuperada exitosamente.',
      reset_error: 'Ocurrió un error al cambiar la contraseña',
      token_invalid: 'El token de validación es incorrecto, intentalo nuevamente',
      activated: 'Cuenta activada exitosamente. Ya puedes iniciar sesión.',
      resend_success: 'Enlace de verificación reenviado exitosamente.',
      resend_error: 'Ocurrió un error al reenviar el enlace',
    },
    // SPEC §5: 'Por favor ingresa ' + the field as the spec lists it ('el Nombre', 'Apellido', ..., 'tu Contraseña').
    validation: {
      first_name: 'Por favor ingresa el Nombre',
      last_name: 'Por favor ingresa Apellido',
      email: 'Por favor ingresa Correo Electrónico',
      phone: 'Por favor ingresa Teléfono',
      address: 'Por favor ingresa Dirección',
      password: 'Por favor ingresa tu Contraseña',
      email_invalid: 'Por favor ingresa un Correo Electrónico valido',
      password_length: 'Debe tener entre 4 y 16 caracteres',
      password_mismatch: 'Las contraseñas no coinciden',
    },
  },
};

export default auth;
