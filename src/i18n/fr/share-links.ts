/** Share links (issue 37): the shared page and the plant's Share dialog. */
const shareLinks = {
  app: {
    share: {
      page: {
        title: '%{name} : production en direct',
        power_now: 'Puissance actuelle',
        today: 'Énergie du jour',
        month: 'Énergie du mois',
        co2: 'CO₂ évité',
        co2_today: "Aujourd'hui : %{value}",
        curve: 'Production du jour',
        capacity: 'Puissance installée : %{value}',
        updated: 'Dernière mesure : %{time}',
        offline: 'Aucune mesure récente',
        no_data: "La centrale n'a pas encore de mesures.",
        shared_by: 'Partagé par %{brand}',
        valid_until: "Lien valable jusqu'au %{date}",
        failed: "Les chiffres n'ont pas pu être lus. Nouvel essai chaque minute.",
        expired: {
          title: 'Ce lien a expiré',
          text: 'Demande un nouveau lien à la personne qui te l’a partagé.',
        },
        revoked: {
          title: 'Ce lien a été révoqué',
          text: 'La personne qui l’a partagé ne le propose plus. Demande-lui un nouveau lien si besoin.',
        },
        unknown: {
          title: "Ce lien n'existe pas",
          text: "Vérifie que l'adresse est complète.",
        }
      },
      dialog: {
        button: 'Partager',
        title: 'Partager la centrale',
        help: "Un lien en lecture seule montre la puissance, l'énergie du jour et du mois, le CO₂ évité et la courbe du jour, sans ton nom ni ton adresse : pour un écran dans un hall ou pour la montrer à tes voisins.",
        expires: 'Expire dans',
        durations: {
          day: '1 jour',
          week: '1 semaine',
          month: '1 mois',
          quarter: '3 mois',
          year: '1 an',
        },
        name: 'Nom affiché (facultatif)',
        name_help: 'Vide, le nom de la centrale est affiché.',
        create: 'Créer le lien',
        created: 'Copie le lien maintenant : il ne sera plus affiché.',
        copy: 'Copier',
        copied: 'Lien copié',
        links: 'Liens créés',
        none: 'Aucun lien pour le moment.',
        created_by: 'Créé le %{date} par %{name}',
        created_on: 'Créé le %{date}',
        expires_at: 'Expire le %{date}',
        last_opened: 'Dernière ouverture : %{date}',
        never_opened: 'Jamais ouvert',
        state: {
          active: 'Actif',
          expired: 'Expiré',
          revoked: 'Révoqué',
        },
        revoke: 'Révoquer',
        error: "Cela n'a pas fonctionné. Réessaie.",
        close: 'Fermer',
      }
    },
  }
};

export default shareLinks;
