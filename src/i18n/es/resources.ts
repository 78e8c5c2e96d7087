/**
 * Spanish texts of the resource screens. The messages of SPEC §8 (app.messages.*) are exact,
 * word for word; the other languages mirror these keys.
 */
/** 'X creado/actualizado/eliminado exitosamente.' and 'Ocurrió un error al crear/... <object>.' */
const entity = (noun: string, gender: 'm' | 'f', object: string) => {
  const done = (stem: string) => `${noun} ${stem}${gender === 'f' ? 'a' : 'o'} exitosamente.`;
  const failed = (verb: string) => `Ocurrió un error al ${verb} ${object}.`;
  return {
    created: done('cread'),
    updated: done('actualizad'),
    deleted: done('eliminad'),
    create_error: failed('crear'),
    update_error: failed('actualizar'),
    delete_error: failed('eliminar'),
  };
};

export default {
  resources: {
    projects: {
      name: 'Proyecto |||| Proyectos',
      empty: 'No hay proyectos registrados',
      fields: {
        id: 'ID', name: 'Nombre', image_project: 'Imagen', created_at: 'Fecha de creación',
        plants_count: 'Centrales eléctricas',
      },
    },
    'power-plants': {
      name: 'Central eléctrica |||| Centrales eléctricas',
      empty: 'No hay centrales eléctricas registradas',
      fields: {
        id: 'ID', project: 'Proyecto', project_name: 'Proyecto', name: 'Nombre', address: 'Dirección',
        commune: 'Comuna', latitude: 'Latitud', longitude: 'Longitud', capacity_kwp: 'Capacidad (kWp)',
        tariff: 'Tarifa ($/kWh)', injection_price: 'Precio de inyección ($/kWh)', commissioned_on: 'Fecha de puesta en marcha',
        distributor: 'Distribuidora', tariff_option: 'Opción tarifaria', client_number: 'Número de cliente', demand_kw: 'Demanda facturada (kW)', peak_demand_kw: 'Demanda en horas de punta (kW)',
      },
    },
    investors: {
      name: 'Inversor |||| Inversores',
      empty: 'No hay inversores registrados',
      fields: {
        id: 'ID', plant: 'Central eléctrica', plant_name: 'Central eléctrica', project: 'Proyecto',
        name: 'Nombre', equipment: 'Equipo', model: 'Modelo', serial_number: 'Número de serie',
        nominal_power_kw: 'Potencia nominal (kW)', datalogger_address: 'Dirección del datalogger', datalogger_id: 'ID del datalogger (Push Service)',
        device_id: 'ID de dispositivo',
      },
    },
    mppts: {
      name: 'MPPT |||| MPPT',
      empty: 'No hay MPPT registrados',
      fields: { id: 'ID', investor: 'Inversor', investor_name: 'Inversor', name: 'Nombre', number: 'Número' },
    },
    strings: {
      name: 'String |||| Strings',
      empty: 'No hay strings registrados',
      fields: {
        id: 'ID', mppt: 'MPPT', mppt_name: 'MPPT', name: 'Nombre', tilt: 'Inclinación (°)', azimuth: 'Azimut (°)',
      },
    },
    panels: {
      name: 'Panel |||| Paneles',
      empty: 'No hay paneles registrados',
      fields: {
        id: 'ID', string: 'String', string_name: 'String', name: 'Nombre', equipment: 'Equipo',
        power_wp: 'Potencia (Wp)', serial_number: 'Número de serie',
      },
    },
    tags: {
      name: 'Etiqueta |||| Etiquetas',
      empty: 'No hay etiquetas registradas',
      fields: { id: 'ID', name: 'Nombre', users_count: 'Usuarios', projects_count: 'Proyectos' },
    },
    'tag-users': {
      name: 'Usuario de la etiqueta |||| Usuarios de la etiqueta',
      empty: 'Esta etiqueta no tiene usuarios',
      fields: {
        tag: 'Etiqueta', tag_name: 'Etiqueta', customuser: 'Usuario', user_fullname: 'Nombre',
        user_email: 'Correo Electrónico',
      },
    },
    'tag-projects': {
      name: 'Proyecto de la etiqueta |||| Proyectos de la etiqueta',
      empty: 'Esta etiqueta no tiene proyectos',
      fields: { tag: 'Etiqueta', tag_name: 'Etiqueta', project: 'Proyecto', project_name: 'Proyecto', project_image: 'Imagen' },
    },
    users: {
      name: 'Usuario |||| Usuarios',
      empty: 'No hay usuarios registrados',
      fields: {
        id: 'ID', email: 'Correo Electrónico', first_name: 'Nombre', last_name: 'Apellido', phone: 'Teléfono',
        address: 'Dirección', image: 'Imagen', is_active: 'Activo', is_staff: 'Administrador',
        is_superuser: 'Superadministrador', date_joined: 'Fecha de registro', last_login: 'Último acceso',
        password: 'Contraseña', full_name: 'Nombre completo',
      },
    },
    'project-users': {
      name: 'Usuario del proyecto |||| Usuarios del proyecto',
      empty: 'Este proyecto no tiene usuarios',
      fields: {
        user_project: 'Proyecto', users: 'Usuario', project_name: 'Proyecto', user_fullname: 'Nombre',
        user_email: 'Correo Electrónico',
      },
    },
    trademarks: {
      name: 'Marca |||| Marcas',
      empty: 'No hay marcas registradas',
      fields: { id: 'ID', name: 'Nombre', image: 'Imagen' },
    },
    equipments: {
      name: 'Equipo |||| Equipos',
      empty: 'No hay equipos registrados',
      fields: {
        id: 'ID', name: 'Nombre', image: 'Imagen', trademark: 'Marca', model: 'Modelo',
        station_code: 'Código de estación', description: 'Descripción',
        kind: 'Tipo',
      },
      kinds: { inverter: 'Inversor', panel: 'Panel', battery: 'Batería', meter: 'Medidor', other: 'Otro' },
    },
    distributors: {
      name: 'Distribuidora |||| Distribuidoras',
      empty: 'No hay distribuidoras registradas',
      fields: { id: 'ID', name: 'Distribuidora' },
    },
    communes: {
      name: 'Comuna |||| Comunas',
      empty: 'No hay comunas registradas',
      fields: { id: 'ID', name: 'Comuna', region: 'Región' },
    },
    settings: {
      name: 'Configuración |||| Configuración',
      fields: {
        name: 'Nombre del portal', environnement_factor: 'Factor ambiental (kg CO₂/kWh)', time_zone: 'Zona horaria',
      },
    },
    tickets: {
      name: 'Ticket |||| Tickets',
      empty: 'No hay tickets registrados',
      fields: {
        id: 'ID', title: 'Título', status_name: 'Estado', user_fullname: 'Usuario',
        assigned_admin_fullname: 'Administrador asignado', created_at: 'Fecha de creación',
        type: 'Categoría', type_name: 'Categoría', content: 'Descripción', customuser: 'Cliente', media: 'Adjunto', status: 'Estado', user_admin: 'Administrador asignado', assigned: 'Administrador asignado',
      },
    },
    'ticket-categories': {
      name: 'Categoría |||| Categorías',
      empty: 'No hay categorías registradas',
      fields: { id: 'ID', name: 'Nombre', description: 'Descripción' },
    },
    notifications: {
      name: 'Notificación |||| Notificaciones',
      empty: 'No hay notificaciones registradas',
      fields: { id: 'ID', title: 'Título', message: 'Mensaje', created_at: 'Fecha', type_notification: 'Tipo', type_name: 'Tipo', target: 'Destinatario', recipients_count: 'Destinatarios', tag: 'Etiqueta', project: 'Proyecto', users: 'Usuarios', read: 'Leída', },
    },
  },
  app: {
    dialog: {
      success_title: 'Excelente',
      error_title: 'Error',
      close: 'Aceptar',
    },
    messages: {
      panel: entity('Panel', 'm', 'el panel'),
      mppt: entity('MPPT', 'm', 'el MPPT'),
      string: entity('String', 'm', 'el string'),
      tag: entity('Etiqueta', 'f', 'la etiqueta'),
      project: entity('Proyecto', 'm', 'el proyecto'),
      plant: entity('Central eléctrica', 'f', 'la central eléctrica'),
      investor: entity('Inversor', 'm', 'el inversor'),
      ticket: {
        ...entity('Ticket', 'm', 'el ticket'),
        status_changed: 'Estatus del ticket modificado exitosamente.',
      },
      ticket_message: {
        sent: 'Mensaje enviado exitosamente.',
        deleted: 'Mensaje eliminado exitosamente.',
        delete_error: 'Ocurrió un error al eliminar el mensaje.',
      },
      ticket_category: entity('Categoría', 'f', 'la categoría'),
      brand: entity('Marca', 'f', 'la marca'),
      equipment: entity('Equipo', 'm', 'el equipo'),
      tag_user: {
        created: 'Usuario agregado a la etiqueta exitosamente.',
        deleted: 'Usuario quitado de la etiqueta exitosamente.',
        create_error: 'Ocurrió un error al agregar el usuario a la etiqueta.',
        delete_error: 'Ocurrió un error al quitar el usuario de la etiqueta.',
      },
      tag_project: {
        created: 'Proyecto agregado a la etiqueta exitosamente.',
        deleted: 'Proyecto quitado de la etiqueta exitosamente.',
        create_error: 'Ocurrió un error al agregar el proyecto a la etiqueta.',
        delete_error: 'Ocurrió un error al quitar el proyecto de la etiqueta.',
      },
      project_user: {
        created: 'Usuario agregado al proyecto exitosamente.',
        deleted: 'Usuario quitado del proyecto exitosamente.',
        create_error: 'Ocurrió un error al agregar el usuario al proyecto.',
        delete_error: 'Ocurrió un error al quitar el usuario del proyecto.',
      },
      user: {
        created: 'Usuario creado exitosamente.',
        create_error: 'Ocurrió un error al crear el usuario.',
        email_taken: 'Este correo electrónico ya se encuentra registrado.',
        updated: 'Privilegios de usuario modificados exitosamente.',
        update_error: 'Ocurrió un error al modificar los privilegios del usuario.',
        activated: 'Usuario activado exitosamente.',
        activate_error: 'Ocurrió un error al activar el usuario.',
      },
      notification: {
        sent: 'Notificación enviada exitosamente.',
        send_error: 'Ocurrió un error al enviar la notificación.',
      },
      settings: {
        updated: 'Configuración actualizada exitosamente.',
        update_error: 'Ocurrió un error al actualizar la configuración.',
        list_error: 'Ocurrió un error al obtener el listado de configuraciones.',
      },
      commune: {
        list_error: 'Ocurrió un error al obtener el listado de Comunas.',
      },
      profile: {
        updated: 'Perfil actualizado exitosamente.',
        update_error: 'Ocurrió un error al actualizar el perfil',
      },
    },
    screens: {
      readings: {
        title: 'Últimas lecturas',
        none: 'Aún no hay lecturas de este equipo.',
        failed: 'No se pudieron obtener las lecturas. Se volverá a intentar en un minuto.',
        at: 'Lectura del %{time}',
        ac_power: 'Potencia AC',
        energy_total: 'Energía total',
        mppt: 'MPPT %{number}',
        voltage: 'Tensión',
        current: 'Corriente',
        dc_power: 'Potencia DC',
        status: {
          ok: 'En operación',
          running: 'En operación',
          clipping: 'Limitado por potencia',
          standby: 'Noche / en espera',
          night: 'Noche / en espera',
          startup: 'Iniciando',
          bootloading: 'Actualizando',
          error: 'Error',
          offline: 'Sin conexión',
        },
      },
      actions: {
        edit: 'Editar',
        delete: 'Eliminar',
        remove: 'Quitar',
        cancel: 'Cancelar',
        details: 'Ver detalle',
        image_help: 'Arrastra una imagen o haz clic para elegirla',
        confirm_delete_title: 'Eliminar %{name}',
        confirm_remove_title: 'Quitar %{name}',
        confirm_delete: '¿Seguro que deseas eliminar «%{name}»? Esta acción no se puede deshacer.',
        confirm_remove: '¿Seguro que deseas quitar «%{name}»?',
      },
      hierarchy: {
        path: 'Ubicación',
        add: {
          'power-plants': 'Agregar central eléctrica',
          investors: 'Agregar inversor',
          mppts: 'Agregar MPPT',
          strings: 'Agregar string',
          panels: 'Agregar panel',
        },
        edit: {
          'power-plants': 'Editar central eléctrica',
          investors: 'Editar inversor',
          mppts: 'Editar MPPT',
          strings: 'Editar string',
          panels: 'Editar panel',
        },
      },
      projects: {
        plants: 'Centrales eléctricas',
        users: 'Usuarios del proyecto',
        add_user: 'Agregar usuario al proyecto',
      },
      tags: {
        users: 'Usuarios',
        projects: 'Proyectos',
        add_user: 'Agregar usuario a la etiqueta',
        add_project: 'Agregar proyecto a la etiqueta',
      },
      users: {
        profile: 'Datos personales',
        projects: 'Proyectos',
        tags: 'Etiquetas',
        no_projects: 'Este usuario no tiene proyectos asociados',
        no_tags: 'Este usuario no tiene etiquetas asociadas',
        add_project: 'Agregar el usuario a un proyecto',
        add_tag: 'Agregar el usuario a una etiqueta',
        administrator: 'Administrador',
        grant_admin: 'Otorgar privilegios de administrador',
        revoke_admin: 'Quitar privilegios de administrador',
        grant_confirm: '%{email} podrá administrar todo el portal. ¿Deseas continuar?',
        revoke_confirm: '%{email} dejará de ser administrador. ¿Deseas continuar?',
        role_admin: 'Administrador',
        role_user: 'Usuario',
        activate: 'Activar usuario',
      },
      configuration: {
        title: 'Configuración',
        parameters: 'Parámetros del portal',
        communes: 'Comunas',
        time_zone_help: 'Nombre IANA, por ejemplo America/Santiago',
        rebuilding: 'Recalculando los gráficos de las centrales en la nueva zona horaria: %{done} de %{plants} listas. Mientras tanto, el primer gráfico de una central pendiente puede tardar unos segundos.',
        factor_help: 'Kilogramos de CO₂ evitados por kWh generado',
        unavailable: 'La configuración no está disponible en este momento.',
      },
      profile: {
        title: 'Mi perfil',
      },
      tickets: {
        unassigned: 'Sin asignar',
        status_active: 'Activo',
        status_closed: 'Cerrado',
        new: 'Nuevo ticket',
        support: 'Soporte',
        attachment: 'Archivo adjunto',
        download: 'Descargar %{name}',
        attach: 'Adjuntar imagen o PDF',
        attach_help: 'Arrastra una imagen o un PDF, o haz clic para elegirlo',
        customer_help: 'Vacío: el ticket queda a tu nombre',
        reply: 'Respuesta',
        reply_placeholder: 'Escribe tu mensaje',
        send: 'Enviar',
        delete_message: 'Eliminar mensaje',
        confirm_delete_message: '¿Seguro que deseas eliminar este mensaje? Esta acción no se puede deshacer.',
        change_status: 'Estado del ticket',
        assign: 'Asignar',
        assign_label: 'Administrador asignado',
        closed_notice: 'Este ticket está cerrado.',
        closed_reply: 'El ticket está cerrado y no admite nuevos mensajes. Si el problema continúa, crea un nuevo ticket.',
        conversation: 'Conversación',
        no_messages: 'Aún no hay respuestas.',
        back: 'Volver a los tickets',
      },
      ticket_categories: {
        create: 'Nueva categoría',
        edit: 'Editar categoría',
      },
      notifications: {
        send: 'Enviar notificación',
        submit: 'Enviar',
        chosen_users: 'Usuarios elegidos',
        types: {
          1: 'Usuarios de una etiqueta',
          2: 'Usuarios de un proyecto',
          3: 'Usuarios elegidos',
        },
      },
      bell: {
        label: 'Notificaciones: %{count} sin leer',
        title: 'Notificaciones',
        mark_all: 'Marcar todas como leídas',
        empty: 'No tienes notificaciones',
        see_all: 'Ver todas',
        unread: 'no leída',
      },
    },
  },
};
