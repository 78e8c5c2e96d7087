import type esResources from '../es/resources';
import type { Translation } from '../merge';

/** « X créé(e)/mis(e) à jour/supprimé(e) avec succès. » and « Une erreur s'est produite lors de ... ». */
const entity = (noun: string, gender: 'm' | 'f', of: string) => {
  const e = gender === 'f' ? 'e' : '';
  return {
    created: `${noun} créé${e} avec succès.`,
    updated: `${noun} mis${gender === 'f' ? 'e' : ''} à jour avec succès.`,
    deleted: `${noun} supprimé${e} avec succès.`,
    create_error: `Une erreur s'est produite lors de la création ${of}.`,
    update_error: `Une erreur s'est produite lors de la mise à jour ${of}.`,
    delete_error: `Une erreur s'est produite lors de la suppression ${of}.`,
  };
};

const resources: Translation<typeof esResources> = {
  resources: {
    projects: {
      name: 'Projet |||| Projets',
      empty: "Aucun projet n'est enregistré",
      fields: {
        id: 'ID', name: 'Nom', image_project: 'Image', created_at: 'Date de création', plants_count: 'Centrales électriques',
      },
    },
    'power-plants': {
      name: 'Centrale électrique |||| Centrales électriques',
      empty: "Aucune centrale électrique n'est enregistrée",
      fields: {
        id: 'ID', project: 'Projet', project_name: 'Projet', name: 'Nom', address: 'Adresse',
        commune: 'Commune', latitude: 'Latitude', longitude: 'Longitude', capacity_kwp: 'Puissance (kWc)',
        tariff: 'Tarif ($CL/kWh)', injection_price: 'Prix d’injection ($CL/kWh)', commissioned_on: 'Date de mise en service',
        distributor: 'Distributeur', tariff_option: 'Option tarifaire', client_number: 'Numéro de client', demand_kw: 'Demande facturée (kW)', peak_demand_kw: 'Demande en heures de pointe (kW)',
      },
    },
    investors: {
      name: 'Onduleur |||| Onduleurs',
      empty: "Aucun onduleur n'est enregistré",
      fields: {
        id: 'ID', plant: 'Centrale électrique', plant_name: 'Centrale électrique', project: 'Projet',
        name: 'Nom', equipment: 'Équipement', model: 'Modèle', serial_number: 'Numéro de série',
        nominal_power_kw: 'Puissance nominale (kW)', datalogger_address: 'Adresse du datalogger', datalogger_id: 'ID du datalogger (Push Service)',
        device_id: "ID de l'appareil",
      },
    },
    mppts: {
      name: 'MPPT |||| MPPT',
      empty: "Aucun MPPT n'est enregistré",
      fields: { id: 'ID', investor: 'Onduleur', investor_name: 'Onduleur', name: 'Nom', number: 'Numéro' },
    },
    strings: {
      name: 'String |||| Strings',
      empty: "Aucun string n'est enregistré",
      fields: {
        id: 'ID', mppt: 'MPPT', mppt_name: 'MPPT', name: 'Nom', tilt: 'Inclinaison (°)', azimuth: 'Azimut (°)',
      },
    },
    panels: {
      name: 'Panneau |||| Panneaux',
      empty: "Aucun panneau n'est enregistré",
      fields: {
        id: 'ID', string: 'String', string_name: 'String', name: 'Nom', equipment: 'Équipement',
        power_wp: 'Puissance (Wc)', serial_number: 'Numéro de série',
      },
    },
    tags: {
      name: 'Étiquette |||| Étiquettes',
      empty: "Aucune étiquette n'est enregistrée",
      fields: { id: 'ID', name: 'Nom', users_count: 'Utilisateurs', projects_count: 'Projets' },
    },
    'tag-users': {
      name: "Utilisateur de l'étiquette |||| Utilisateurs de l'étiquette",
      empty: "Cette étiquette n'a aucun utilisateur",
      fields: {
        tag: 'Étiquette', tag_name: 'Étiquette', customuser: 'Utilisateur', user_fullname: 'Nom', user_email: 'E-mail',
      },
    },
    'tag-projects': {
      name: "Projet de l'étiquette |||| Projets de l'étiquette",
      empty: "Cette étiquette n'a aucun projet",
      fields: { tag: 'Étiquette', tag_name: 'Étiquette', project: 'Projet', project_name: 'Projet', project_image: 'Image' },
    },
    users: {
      name: 'Utilisateur |||| Utilisateurs',
      empty: "Aucun utilisateur n'est enregistré",
      fields: {
        id: 'ID', email: 'E-mail', first_name: 'Prénom', last_name: 'Nom', phone: 'Téléphone',
        address: 'Adresse', image: 'Photo', is_active: 'Actif', is_staff: 'Administrateur',
        is_superuser: 'Super-administrateur', date_joined: "Date d'inscription", last_login: 'Dernière connexion',
        password: 'Mot de passe', full_name: 'Nom complet',
      },
    },
    'project-users': {
      name: 'Utilisateur du projet |||| Utilisateurs du projet',
      empty: "Ce projet n'a aucun utilisateur",
      fields: {
        user_project: 'Projet', users: 'Utilisateur', project_name: 'Projet', user_fullname: 'Nom', user_email: 'E-mail',
      },
    },
    trademarks: {
      name: 'Marque |||| Marques',
      empty: "Aucune marque n'est enregistrée",
      fields: { id: 'ID', name: 'Nom', image: 'Image' },
    },
    equipments: {
      name: 'Équipement |||| Équipements',
      empty: "Aucun équipement n'est enregistré",
      fields: {
        id: 'ID', name: 'Nom', image: 'Image', trademark: 'Marque', model: 'Modèle',
        station_code: 'Code de station', description: 'Description',
        kind: 'Type',
      },
      kinds: { inverter: 'Onduleur', panel: 'Panneau', battery: 'Batterie', meter: 'Compteur', other: 'Autre' },
    },
    distributors: {
      name: 'Distributeur |||| Distributeurs',
      empty: "Aucun distributeur n'est enregistré",
      fields: { id: 'ID', name: 'Distributeur' },
    },
    communes: {
      name: 'Commune |||| Communes',
      empty: "Aucune commune n'est enregistrée",
      fields: { id: 'ID', name: 'Commune', region: 'Région' },
    },
    settings: {
      name: 'Configuration |||| Configuration',
      fields: {
        name: 'Nom du portail', environnement_factor: 'Facteur environnemental (kg CO₂/kWh)', time_zone: 'Fuseau horaire',
      },
    },
    tickets: {
      name: 'Ticket |||| Tickets',
      empty: "Aucun ticket n'est enregistré",
      fields: {
        id: 'ID', title: 'Titre', status_name: 'Statut', user_fullname: 'Utilisateur',
        assigned_admin_fullname: 'Administrateur assigné', created_at: 'Date de création',
        type: 'Catégorie', type_name: 'Catégorie', content: 'Description', customuser: 'Client', media: 'Pièce jointe', status: 'Statut', user_admin: 'Administrateur assigné', assigned: 'Administrateur assigné',
      },
    },
    'ticket-categories': {
      name: 'Catégorie |||| Catégories',
      empty: "Aucune catégorie n'est enregistrée",
      fields: { id: 'ID', name: 'Nom', description: 'Description' },
    },
    notifications: {
      name: 'Notification |||| Notifications',
      empty: "Aucune notification n'est enregistrée",
      fields: { id: 'ID', title: 'Titre', message: 'Message', created_at: 'Date', type_notification: 'Type', type_name: 'Type', target: 'Destinataire', recipients_count: 'Destinataires', tag: 'Étiquette', project: 'Projet', users: 'Utilisateurs', read: 'Lue', },
    },
  },
  app: {
    dialog: {
      success_title: 'Excellent',
      error_title: 'Erreur',
      close: 'OK',
    },
    messages: {
      panel: entity('Panneau', 'm', 'du panneau'),
      mppt: entity('MPPT', 'm', 'du MPPT'),
      string: entity('String', 'm', 'du string'),
      tag: entity('Étiquette', 'f', "de l'étiquette"),
      project: entity('Projet', 'm', 'du projet'),
      plant: entity('Centrale électrique', 'f', 'de la centrale électrique'),
      investor: entity('Onduleur', 'm', "de l'onduleur"),
      ticket: {
        ...entity('Ticket', 'm', 'du ticket'),
        status_changed: 'Statut du ticket modifié avec succès.',
      },
      ticket_message: {
        sent: 'Message envoyé avec succès.',
        deleted: 'Message supprimé avec succès.',
        delete_error: "Une erreur s'est produite lors de la suppression du message.",
      },
      ticket_category: entity('Catégorie', 'f', 'de la catégorie'),
      brand: entity('Marque', 'f', 'de la marque'),
      equipment: entity('Équipement', 'm', "de l'équipement"),
      tag_user: {
        created: "Utilisateur ajouté à l'étiquette avec succès.",
        deleted: "Utilisateur retiré de l'étiquette avec succès.",
        create_error: "Une erreur s'est produite lors de l'ajout de l'utilisateur à l'étiquette.",
        delete_error: "Une erreur s'est produite lors du retrait de l'utilisateur de l'étiquette.",
      },
      tag_project: {
        created: "Projet ajouté à l'étiquette avec succès.",
        deleted: "Projet retiré de l'étiquette avec succès.",
        create_error: "Une erreur s'est produite lors de l'ajout du projet à l'étiquette.",
        delete_error: "Une erreur s'est produite lors du retrait du projet de l'étiquette.",
      },
      project_user: {
        created: 'Utilisateur ajouté au projet avec succès.',
        deleted: 'Utilisateur retiré du projet avec succès.',
        create_error: "Une erreur s'est produite lors de l'ajout de l'utilisateur au projet.",
        delete_error: "Une erreur s'est produite lors du retrait de l'utilisateur du projet.",
      },
      user: {
        created: 'Utilisateur créé avec succès.',
        create_error: "Une erreur s'est produite lors de la création de l'utilisateur.",
        email_taken: 'Cette adresse e-mail est déjà enregistrée.',
        updated: "Privilèges de l'utilisateur modifiés avec succès.",
        update_error: "Une erreur s'est produite lors de la modification des privilèges de l'utilisateur.",
        activated: 'Utilisateur activé avec succès.',
        activate_error: "Une erreur s'est produite lors de l'activation de l'utilisateur.",
      },
      notification: {
        sent: 'Notification envoyée avec succès.',
        send_error: "Une erreur s'est produite lors de l'envoi de la notification.",
      },
      settings: {
        updated: 'Configuration mise à jour avec succès.',
        update_error: "Une erreur s'est produite lors de la mise à jour de la configuration.",
        list_error: "Une erreur s'est produite lors du chargement de la liste des configurations.",
      },
      commune: {
        list_error: "Une erreur s'est produite lors du chargement de la liste des Communes.",
      },
      profile: {
        updated: 'Profil mis à jour avec succès.',
        update_error: "Une erreur s'est produite lors de la mise à jour du profil",
      },
    },
    screens: {
      readings: {
        title: 'Dernières mesures',
        none: 'Aucune mesure de cet équipement pour l\'instant.',
        failed: 'Les mesures n\'ont pas pu être chargées. Nouvel essai dans une minute.',
        at: 'Mesure du %{time}',
        ac_power: 'Puissance CA',
        energy_total: 'Énergie totale',
        mppt: 'MPPT %{number}',
        voltage: 'Tension',
        current: 'Courant',
        dc_power: 'Puissance CC',
        status: {
          ok: 'En fonctionnement',
          running: 'En fonctionnement',
          clipping: 'Limité en puissance',
          standby: 'Nuit / en veille',
          night: 'Nuit / en veille',
          startup: 'Démarrage',
          bootloading: 'Mise à jour',
          error: 'Erreur',
          offline: 'Hors ligne',
        },
      },
      actions: {
        edit: 'Modifier',
        delete: 'Supprimer',
        remove: 'Retirer',
        cancel: 'Annuler',
        details: 'Voir le détail',
        image_help: 'Déposez une image ici ou cliquez pour en choisir une',
        confirm_delete_title: 'Supprimer %{name}',
        confirm_remove_title: 'Retirer %{name}',
        confirm_delete: 'Voulez-vous vraiment supprimer « %{name} » ? Cette action est irréversible.',
        confirm_remove: 'Voulez-vous vraiment retirer « %{name} » ?',
      },
      hierarchy: {
        path: 'Emplacement',
        add: {
          'power-plants': 'Ajouter une centrale électrique',
          investors: 'Ajouter un onduleur',
          mppts: 'Ajouter un MPPT',
          strings: 'Ajouter un string',
          panels: 'Ajouter un panneau',
        },
        edit: {
          'power-plants': 'Modifier la centrale électrique',
          investors: "Modifier l'onduleur",
          mppts: 'Modifier le MPPT',
          strings: 'Modifier le string',
          panels: 'Modifier le panneau',
        },
      },
      projects: {
        plants: 'Centrales électriques',
        users: 'Utilisateurs du projet',
        add_user: 'Ajouter un utilisateur au projet',
      },
      tags: {
        users: 'Utilisateurs',
        projects: 'Projets',
        add_user: "Ajouter un utilisateur à l'étiquette",
        add_project: "Ajouter un projet à l'étiquette",
      },
      users: {
        profile: 'Données personnelles',
        projects: 'Projets',
        tags: 'Étiquettes',
        no_projects: "Cet utilisateur n'est associé à aucun projet",
        no_tags: "Cet utilisateur n'est associé à aucune étiquette",
        add_project: "Ajouter l'utilisateur à un projet",
        add_tag: "Ajouter l'utilisateur à une étiquette",
        administrator: 'Administrateur',
        grant_admin: 'Accorder les privilèges administrateur',
        revoke_admin: 'Retirer les privilèges administrateur',
        grant_confirm: '%{email} pourra administrer tout le portail. Continuer ?',
        revoke_confirm: '%{email} ne sera plus administrateur. Continuer ?',
        role_admin: 'Administrateur',
        role_user: 'Utilisateur',
        activate: "Activer l'utilisateur",
      },
      configuration: {
        title: 'Configuration',
        parameters: 'Paramètres du portail',
        communes: 'Communes',
        time_zone_help: 'Nom IANA, par exemple America/Santiago',
        rebuilding: 'Recalcul des graphiques des centrales dans le nouveau fuseau horaire : %{done} sur %{plants} terminées. En attendant, le premier graphique d\'une centrale en attente peut prendre quelques secondes.',
        factor_help: 'Kilogrammes de CO₂ évités par kWh produit',
        unavailable: "La configuration n'est pas disponible pour le moment.",
      },
      profile: {
        title: 'Mon profil',
      },
      tickets: {
        unassigned: 'Non assigné',
        status_active: 'Actif',
        status_closed: 'Fermé',
        new: 'Nouveau ticket',
        support: 'Support',
        attachment: 'Pièce jointe',
        download: 'Télécharger %{name}',
        attach: 'Joindre une image ou un PDF',
        attach_help: 'Déposez une image ou un PDF, ou cliquez pour en choisir un',
        customer_help: 'Vide : le ticket est à votre nom',
        reply: 'Réponse',
        reply_placeholder: 'Écrivez votre message',
        send: 'Envoyer',
        delete_message: 'Supprimer le message',
        confirm_delete_message: 'Voulez-vous vraiment supprimer ce message ? Cette action est irréversible.',
        change_status: 'Statut du ticket',
        assign: 'Assigner',
        assign_label: 'Administrateur assigné',
        closed_notice: 'Ce ticket est fermé.',
        closed_reply: "Le ticket est fermé et n'accepte plus de messages. Si le problème persiste, créez un nouveau ticket.",
        conversation: 'Conversation',
        no_messages: 'Pas encore de réponse.',
        back: 'Retour aux tickets',
      },
      ticket_categories: {
        create: 'Nouvelle catégorie',
        edit: 'Modifier la catégorie',
      },
      notifications: {
        send: 'Envoyer une notification',
        submit: 'Envoyer',
        chosen_users: 'Utilisateurs choisis',
        types: {
          1: "Utilisateurs d'une étiquette",
          2: "Utilisateurs d'un projet",
          3: 'Utilisateurs choisis',
        },
      },
      bell: {
        label: 'Notifications : %{count} non lues',
        title: 'Notifications',
        mark_all: 'Tout marquer comme lu',
        empty: "Vous n'avez aucune notification",
        see_all: 'Tout voir',
        unread: 'non lue',
      },
    },
  },
};

export default resources;
