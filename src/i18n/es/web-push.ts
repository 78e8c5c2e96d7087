/** Web Push on the profile: turning notifications on for this device and the list of the user's devices (docs/notifications.md). */
const webPush = {
  app: {
    web_push: {
      title: 'Notificaciones en tus dispositivos',
      help: 'Recibe en este dispositivo las alarmas, las respuestas a tus tickets, el informe mensual y los avisos del equipo, aunque no tengas el portal abierto.',
      turn_on: 'Activar notificaciones en este dispositivo',
      closings: 'Avisarme también cuando una alarma se resuelva',
      on_here: 'Las notificaciones están activadas en este dispositivo.',
      turned_on: 'Notificaciones activadas en este dispositivo.',
      unsupported: 'Este navegador no puede recibir notificaciones push. Prueba con otro navegador, o instala el portal como aplicación.',
      denied: 'Bloqueaste las notificaciones de este sitio. Para recibirlas, permítelas en la configuración de tu navegador.',
      failed: 'No se pudieron activar las notificaciones en este dispositivo.',
      devices: 'Tus dispositivos',
      none: 'Ningún dispositivo tuyo recibe notificaciones.',
      since: 'Desde el %{date}',
      closings_on: 'también alarmas resueltas',
      remove: 'Quitar',
      removed: 'Dispositivo quitado.',
      remove_failed: 'No se pudo quitar el dispositivo.',
    },
  },
};

export default webPush;
