import type esResources from '../es/resources';
import type { Translation } from '../merge';

/** 'X created/updated/deleted successfully.' and 'An error occurred while creating/... the x.' */
const entity = (noun: string, object: string) => ({
  created: `${noun} created successfully.`,
  updated: `${noun} updated successfully.`,
  deleted: `${noun} deleted successfully.`,
  create_error: `An error occurred while creating ${object}.`,
  update_error: `An error occurred while updating ${object}.`,
  delete_error: `An error occurred while deleting ${object}.`,
});

const resources: Translation<typeof esResources> = {
  resources: {
    projects: {
      name: 'Project |||| Projects',
      empty: 'There are no registered projects',
      fields: {
        id: 'ID', name: 'Name', image_project: 'Image', created_at: 'Created on', plants_count: 'Power plants',
      },
    },
    'power-plants': {
      name: 'Power plant |||| Power plants',
      empty: 'There are no registered power plants',
      fields: {
        id: 'ID', project: 'Project', project_name: 'Project', name: 'Name', address: 'Address',
        commune: 'Commune', latitude: 'Latitude', longitude: 'Longitude', capacity_kwp: 'Capacity (kWp)',
        tariff: 'Tariff (CLP/kWh)', injection_price: 'Injection price (CLP/kWh)', commissioned_on: 'Commissioning date',
        distributor: 'Distributor', tariff_option: 'Tariff option', client_number: 'Client number', demand_kw: 'Billed demand (kW)', peak_demand_kw: 'Peak-hours demand (kW)',
      },
    },
    investors: {
      name: 'Inverter |||| Inverters',
      empty: 'There are no registered inverters',
      fields: {
        id: 'ID', plant: 'Power plant', plant_name: 'Power plant', project: 'Project',
        name: 'Name', equipment: 'Equipment', model: 'Model', serial_number: 'Serial number',
        nominal_power_kw: 'Rated power (kW)', datalogger_address: 'Datalogger address', datalogger_id: 'Datalogger ID (Push Service)',
        device_id: 'Device ID',
      },
    },
    mppts: {
      name: 'MPPT |||| MPPTs',
      empty: 'There are no registered MPPTs',
      fields: { id: 'ID', investor: 'Inverter', investor_name: 'Inverter', name: 'Name', number: 'Number' },
    },
    strings: {
      name: 'String |||| Strings',
      empty: 'There are no registered strings',
      fields: {
        id: 'ID', mppt: 'MPPT', mppt_name: 'MPPT', name: 'Name', tilt: 'Tilt (°)', azimuth: 'Azimuth (°)',
      },
    },
    panels: {
      name: 'Panel |||| Panels',
      empty: 'There are no registered panels',
      fields: {
        id: 'ID', string: 'String', string_name: 'String', name: 'Name', equipment: 'Equipment',
        power_wp: 'Power (Wp)', serial_number: 'Serial number',
      },
    },
    tags: {
      name: 'Tag |||| Tags',
      empty: 'There are no registered tags',
      fields: { id: 'ID', name: 'Name', users_count: 'Users', projects_count: 'Projects' },
    },
    'tag-users': {
      name: 'Tag user |||| Tag users',
      empty: 'This tag has no users',
      fields: {
        tag: 'Tag', tag_name: 'Tag', customuser: 'User', user_fullname: 'Name', user_email: 'Email',
      },
    },
    'tag-projects': {
      name: 'Tag project |||| Tag projects',
      empty: 'This tag has no projects',
      fields: { tag: 'Tag', tag_name: 'Tag', project: 'Project', project_name: 'Project', project_image: 'Image' },
    },
    users: {
      name: 'User |||| Users',
      empty: 'There are no registered users',
      fields: {
        id: 'ID', email: 'Email', first_name: 'First name', last_name: 'Last name', phone: 'Phone',
        address: 'Address', image: 'Picture', is_active: 'Active', is_staff: 'Administrator',
        is_superuser: 'Super administrator', date_joined: 'Joined on', last_login: 'Last sign-in',
        password: 'Password', full_name: 'Full name',
      },
    },
    'project-users': {
      name: 'Project user |||| Project users',
      empty: 'This project has no users',
      fields: {
        user_project: 'Project', users: 'User', project_name: 'Project', user_fullname: 'Name', user_email: 'Email',
      },
    },
    trademarks: {
      name: 'Brand |||| Brands',
      empty: 'There are no registered brands',
      fields: { id: 'ID', name: 'Name', image: 'Image' },
    },
    equipments: {
      name: 'Equipment |||| Equipment',
      empty: 'There is no registered equipment',
      fields: {
        id: 'ID', name: 'Name', image: 'Image', trademark: 'Brand', model: 'Model',
        station_code: 'Station code', description: 'Description',
        kind: 'Type',
      },
      kinds: { inverter: 'Inverter', panel: 'Panel', battery: 'Battery', meter: 'Meter', other: 'Other' },
    },
    distributors: {
      name: 'Distributor |||| Distributors',
      empty: 'There are no registered distributors',
      fields: { id: 'ID', name: 'Distributor' },
    },
    communes: {
      name: 'Commune |||| Communes',
      empty: 'There are no registered communes',
      fields: { id: 'ID', name: 'Commune', region: 'Region' },
    },
    settings: {
      name: 'Configuration |||| Configuration',
      fields: {
        name: 'Portal name', environnement_factor: 'Environmental factor (kg CO₂/kWh)', time_zone: 'Time zone',
      },
    },
    tickets: {
      name: 'Ticket |||| Tickets',
      empty: 'There are no registered tickets',
      fields: {
        id: 'ID', title: 'Title', status_name: 'Status', user_fullname: 'User',
        assigned_admin_fullname: 'Assigned administrator', created_at: 'Created on',
        type: 'Category', type_name: 'Category', content: 'Description', customuser: 'Customer', media: 'Attachment', status: 'Status', user_admin: 'Assigned administrator', assigned: 'Assigned administrator',
      },
    },
    'ticket-categories': {
      name: 'Category |||| Categories',
      empty: 'There are no registered categories',
      fields: { id: 'ID', name: 'Name', description: 'Description' },
    },
    notifications: {
      name: 'Notification |||| Notifications',
      empty: 'There are no registered notifications',
      fields: { id: 'ID', title: 'Title', message: 'Message', created_at: 'Date', type_notification: 'Type', type_name: 'Type', target: 'Addressee', recipients_count: 'Recipients', tag: 'Tag', project: 'Project', users: 'Users', read: 'Read', },
    },
  },
  app: {
    dialog: {
      success_title: 'Excellent',
      error_title: 'Error',
      close: 'OK',
    },
    messages: {
      panel: entity('Panel', 'the panel'),
      mppt: entity('MPPT', 'the MPPT'),
      string: entity('String', 'the string'),
      tag: entity('Tag', 'the tag'),
      project: entity('Project', 'the project'),
      plant: entity('Power plant', 'the power plant'),
      investor: entity('Inverter', 'the inverter'),
      ticket: {
        ...entity('Ticket', 'the ticket'),
        status_changed: 'Ticket status changed successfully.',
      },
      ticket_message: {
        sent: 'Message sent successfully.',
        deleted: 'Message deleted successfully.',
        delete_error: 'An error occurred while deleting the message.',
      },
      ticket_category: entity('Category', 'the category'),
      brand: entity('Brand', 'the brand'),
      equipment: entity('Equipment', 'the equipment'),
      tag_user: {
        created: 'User added to the tag successfully.',
        deleted: 'User removed from the tag successfully.',
        create_error: 'An error occurred while adding the user to the tag.',
        delete_error: 'An error occurred while removing the user from the tag.',
      },
      tag_project: {
        created: 'Project added to the tag successfully.',
        deleted: 'Project removed from the tag successfully.',
        create_error: 'An error occurred while adding the project to the tag.',
        delete_error: 'An error occurred while removing the project from the tag.',
      },
      project_user: {
        created: 'User added to the project successfully.',
        deleted: 'User removed from the project successfully.',
        create_error: 'An error occurred while adding the user to the project.',
        delete_error: 'An error occurred while removing the user from the project.',
      },
      user: {
        created: 'User created successfully.',
        create_error: 'An error occurred while creating the user.',
        email_taken: 'This email address is already registered.',
        updated: 'User privileges changed successfully.',
        update_error: "An error occurred while changing the user's privileges.",
        activated: 'User activated successfully.',
        activate_error: 'An error occurred while activating the user.',
      },
      notification: {
        sent: 'Notification sent successfully.',
        send_error: 'An error occurred while sending the notification.',
      },
      settings: {
        updated: 'Configuration updated successfully.',
        update_error: 'An error occurred while updating the configuration.',
        list_error: 'An error occurred while loading the configuration list.',
      },
      commune: {
        list_error: 'An error occurred while loading the list of Communes.',
      },
      profile: {
        updated: 'Profile updated successfully.',
        update_error: 'An error occurred while updating the profile',
      },
    },
    screens: {
      readings: {
        title: 'Latest readings',
        none: 'No readings from this device yet.',
        failed: 'The readings could not be loaded. Trying again in a minute.',
        at: 'Reading of %{time}',
        ac_power: 'AC power',
        energy_total: 'Total energy',
        mppt: 'MPPT %{number}',
        voltage: 'Voltage',
        current: 'Current',
        dc_power: 'DC power',
        status: {
          ok: 'Running',
          running: 'Running',
          clipping: 'Power-limited',
          standby: 'Night / standby',
          night: 'Night / standby',
          startup: 'Starting',
          bootloading: 'Updating',
          error: 'Error',
          offline: 'Offline',
        },
      },
      actions: {
        edit: 'Edit',
        delete: 'Delete',
        remove: 'Remove',
        cancel: 'Cancel',
        details: 'View details',
        image_help: 'Drop an image here or click to choose one',
        confirm_delete_title: 'Delete %{name}',
        confirm_remove_title: 'Remove %{name}',
        confirm_delete: 'Are you sure you want to delete "%{name}"? This cannot be undone.',
        confirm_remove: 'Are you sure you want to remove "%{name}"?',
      },
      hierarchy: {
        path: 'Location',
        add: {
          'power-plants': 'Add power plant',
          investors: 'Add inverter',
          mppts: 'Add MPPT',
          strings: 'Add string',
          panels: 'Add panel',
        },
        edit: {
          'power-plants': 'Edit power plant',
          investors: 'Edit inverter',
          mppts: 'Edit MPPT',
          strings: 'Edit string',
          panels: 'Edit panel',
        },
      },
      projects: {
        plants: 'Power plants',
        users: 'Project users',
        add_user: 'Add user to the project',
      },
      tags: {
        users: 'Users',
        projects: 'Projects',
        add_user: 'Add user to the tag',
        add_project: 'Add project to the tag',
      },
      users: {
        profile: 'Personal details',
        projects: 'Projects',
        tags: 'Tags',
        no_projects: 'This user has no associated projects',
        no_tags: 'This user has no associated tags',
        add_project: 'Add the user to a project',
        add_tag: 'Add the user to a tag',
        administrator: 'Administrator',
        grant_admin: 'Grant administrator privileges',
        revoke_admin: 'Revoke administrator privileges',
        grant_confirm: '%{email} will be able to administer the whole portal. Continue?',
        revoke_confirm: '%{email} will no longer be an administrator. Continue?',
        role_admin: 'Administrator',
        role_user: 'User',
        activate: 'Activate user',
      },
      configuration: {
        title: 'Configuration',
        parameters: 'Portal parameters',
        communes: 'Communes',
        time_zone_help: 'IANA name, for example America/Santiago',
        rebuilding: 'Recomputing the plants\' charts in the new time zone: %{done} of %{plants} done. Meanwhile, the first chart of a plant still waiting may take a few seconds.',
        factor_help: 'Kilograms of CO₂ avoided per kWh generated',
        unavailable: 'The configuration is not available right now.',
      },
      profile: {
        title: 'My profile',
      },
      tickets: {
        unassigned: 'Unassigned',
        status_active: 'Active',
        status_closed: 'Closed',
        new: 'New ticket',
        support: 'Support',
        attachment: 'Attachment',
        download: 'Download %{name}',
        attach: 'Attach an image or PDF',
        attach_help: 'Drop an image or a PDF, or click to choose one',
        customer_help: 'Empty: the ticket is yours',
        reply: 'Reply',
        reply_placeholder: 'Write your message',
        send: 'Send',
        delete_message: 'Delete message',
        confirm_delete_message: 'Are you sure you want to delete this message? This cannot be undone.',
        change_status: 'Ticket status',
        assign: 'Assign',
        assign_label: 'Assigned administrator',
        closed_notice: 'This ticket is closed.',
        closed_reply: 'The ticket is closed and takes no new messages. If the problem persists, create a new ticket.',
        conversation: 'Conversation',
        no_messages: 'No replies yet.',
        back: 'Back to tickets',
      },
      ticket_categories: {
        create: 'New category',
        edit: 'Edit category',
      },
      notifications: {
        send: 'Send notification',
        submit: 'Send',
        chosen_users: 'Chosen users',
        types: {
          1: 'Users of a tag',
          2: 'Users of a project',
          3: 'Chosen users',
        },
      },
      bell: {
        label: 'Notifications: %{count} unread',
        title: 'Notifications',
        mark_all: 'Mark all as read',
        empty: 'You have no notifications',
        see_all: 'See all',
        unread: 'unread',
      },
    },
  },
};

export default resources;
