/** Our messages outside authentication: layout, menu, 404, monitoring. Spanish is the reference. */
const common = {
  // A detail page is titled by its record alone: 'Proyecto Demo' rather than 'Proyecto Proyecto Demo'.
  ra: { page: { show: '%{recordRepresentation}' } },
  app: {
    tagline: 'Por un país 100% renovable y con acceso para todos',
    language: 'Idioma',
    loading: 'Cargando…',
    menu: {
      monitoring: 'Monitoreo',
      maintainers: 'Mantenedores',
      tickets: 'Tickets de soporte',
      profile: 'Mi perfil',
    },
    not_found: {
      title: 'Página no encontrada',
      text: 'La página que buscas no existe o fue movida.',
      back: 'Volver al panel',
    },
    lazy: {
      error: 'No se pudo cargar la aplicación. Revisa tu conexión e inténtalo de nuevo.',
      retry: 'Reintentar',
    },
    monitoring: {
      title: 'Monitoreo',
      soon: 'El monitoreo en vivo de tus centrales llegará pronto. Por ahora puedes ver tus proyectos y sus centrales eléctricas.',
      no_projects: 'Aún no tienes proyectos asociados.',
      no_plants: 'Este proyecto aún no tiene centrales eléctricas.',
      plants: '%{smart_count} central eléctrica |||| %{smart_count} centrales eléctricas',
      capacity: '%{value} kWp',
      open_project: 'Ver proyecto',
      error: 'No se pudieron cargar los proyectos.',
    },
    // SPEC §5, used by the resource forms.
    validation: {
      name: 'El nombre es requerido',
      description: 'La descripción es requerida',
      message: 'El mensaje es requerido',
    },
    messages: {
      logout_error: 'Ocurrió un error al finalizar la sesión',
      session_expired: 'Para entrar por favor inicie sesión nuevamente.',
    },
  },
};

export default common;
