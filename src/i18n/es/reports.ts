/** The monthly report (issue 10): its download on the monitoring page and the profile's opt-out. */
const reports = {
  app: {
    monitoring: {
      report: {
        title: 'Informe mensual',
        help: 'Producción, consumo, ahorro, CO₂ evitado y producción esperada de un mes terminado, en PDF.',
        month: 'Mes',
        download: 'Descargar PDF',
        error: 'No se pudo descargar el informe. Inténtalo de nuevo.',
        file: 'informe-%{month}.pdf',
      },
    },
    screens: {
      profile: {
        report_opt_out_help: 'El primer día de cada mes enviamos por correo el informe del mes anterior de cada una de tus plantas.',
        language_help: 'El idioma de la aplicación al iniciar sesión, de tus informes mensuales y de los correos.',
      },
    },
    messages: {
      language_not_saved: 'No se pudo guardar el idioma en tu perfil: tus informes y correos seguirán en el idioma anterior.',
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: 'No recibir el informe mensual por correo',
        language: 'Idioma',
      },
    },
  },
};

export default reports;
