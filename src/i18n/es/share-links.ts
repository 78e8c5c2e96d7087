/** Share links (issue 37): the shared page and the plant's Share dialog. */
const shareLinks = {
  app: {
    share: {
      page: {
        title: '%{name}: producción en vivo',
        power_now: 'Potencia ahora',
        today: 'Energía de hoy',
        month: 'Energía del mes',
        co2: 'CO₂ evitado',
        co2_today: 'Hoy: %{value}',
        curve: 'Producción de hoy',
        capacity: 'Potencia instalada: %{value}',
        updated: 'Última lectura: %{time}',
        offline: 'Sin lecturas recientes',
        no_data: 'La planta aún no tiene lecturas.',
        shared_by: 'Compartido por %{brand}',
        valid_until: 'Enlace válido hasta el %{date}',
        failed: 'No se pudieron leer las cifras. Se reintenta cada minuto.',
        expired: {
          title: 'Este enlace expiró',
          text: 'Pide un enlace nuevo a quien te lo compartió.',
        },
        revoked: {
          title: 'Este enlace fue revocado',
          text: 'Quien lo compartió ya no lo ofrece. Pídele uno nuevo si lo necesitas.',
        },
        unknown: {
          title: 'Este enlace no existe',
          text: 'Revisa que la dirección esté completa.',
        }
      },
      dialog: {
        button: 'Compartir',
        title: 'Compartir la planta',
        help: 'Un enlace de solo lectura muestra la potencia, la energía de hoy y del mes, el CO₂ evitado y la curva del día, sin tu nombre ni tu dirección: para una pantalla en un hall o para mostrarla a tus vecinos.',
        expires: 'Expira en',
        durations: {
          day: '1 día',
          week: '1 semana',
          month: '1 mes',
          quarter: '3 meses',
          year: '1 año',
        },
        name: 'Nombre a mostrar (opcional)',
        name_help: 'Si lo dejas vacío, se muestra el nombre de la planta.',
        create: 'Crear enlace',
        created: 'Copia el enlace ahora: no se volverá a mostrar.',
        copy: 'Copiar',
        copied: 'Enlace copiado',
        links: 'Enlaces creados',
        none: 'Aún no hay enlaces.',
        created_by: 'Creado el %{date} por %{name}',
        created_on: 'Creado el %{date}',
        expires_at: 'Expira el %{date}',
        last_opened: 'Última apertura: %{date}',
        never_opened: 'Nunca abierto',
        state: {
          active: 'Activo',
          expired: 'Expirado',
          revoked: 'Revocado',
        },
        revoke: 'Revocar',
        error: 'No se pudo completar. Inténtalo de nuevo.',
        close: 'Cerrar',
      }
    },
  }
};

export default shareLinks;
