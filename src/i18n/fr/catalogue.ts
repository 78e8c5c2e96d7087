import type esCatalogue from '../es/catalogue';
import type { Translation } from '../merge';

const fr: Translation<typeof esCatalogue> = {
  resources: {
    equipments: { fields: { power_w: 'Puissance nominale (W)' } },
  },
  app: {
    messages: {
      panels: {
        created: '%{smart_count} panneau ajouté avec succès. |||| %{smart_count} panneaux ajoutés avec succès.',
        create_error: "Une erreur s'est produite lors de l'ajout des panneaux.",
      },
    },
    screens: {
      add_panels: {
        title: 'Ajouter des panneaux',
        model: 'Modèle',
        model_required: 'Choisissez le modèle des panneaux',
        count: 'Quantité',
        count_required: 'Indiquez combien de panneaux ajouter',
        count_range: 'Indiquez une quantité entre %{min} et %{max}.',
        count_help: 'Numérotés à la suite des panneaux du string',
        submit: 'Ajouter',
      },
      orientation: {
        tilt_help: '0° = horizontal, 90° = vertical',
        azimuth_help: "Direction vers laquelle les panneaux sont orientés, depuis le nord dans le sens horaire : 0° nord, 90° est, 180° sud, 270° ouest. Dans PVGIS, 0° est le sud : ajoutez 180°.",
        tilt_range: "L'inclinaison va de 0° (horizontal) à 90° (vertical).",
        azimuth_range: "L'azimut va de 0° à 360°, mesuré depuis le nord.",
        compass: 'Les panneaux sont orientés à %{azimuth}° du nord',
        north: 'N', east: 'E', south: 'S', west: 'O',
      },
      notifications_tabs: {
        received: 'Reçues',
        sent: 'Envoyées',
      },
    },
  },
};
export default fr;
