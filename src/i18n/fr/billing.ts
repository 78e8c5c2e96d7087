import type esBilling from '../es/billing';
import type { Translation } from '../merge';

const entity = (noun: string, gender: 'm' | 'f', of: string) => {
  const e = gender === 'f' ? 'e' : '';
  return {
    created: `${noun} créé${e} avec succès.`, updated: `${noun} mis${e} à jour avec succès.`, deleted: `${noun} supprimé${e} avec succès.`,
    create_error: `Une erreur s'est produite lors de la création ${of}.`,
    update_error: `Une erreur s'est produite lors de la mise à jour ${of}.`,
    delete_error: `Une erreur s'est produite lors de la suppression ${of}.`,
  };
};

const fr: Translation<typeof esBilling> = {
  resources: {
    tariffs: {
      name: 'Tarif |||| Tarifs',
      empty: "Ce distributeur n'a pas de tarifs",
      fields: {
        distributor: 'Distributeur', option: 'Option tarifaire', valid_from: 'En vigueur du', valid_to: "En vigueur jusqu'au",
        fixed_charge: 'Charge fixe (CLP/mois)', energy_charge: "Charge d'énergie (CLP/kWh)",
        transmission_charge: 'Charge de transport (CLP/kWh)', public_service_charge: 'Charge de service public (CLP/kWh)',
        winter_charge: "Énergie additionnelle d'hiver (CLP/kWh)", winter_threshold_kwh: "Seuil d'hiver (kWh)",
        winter_from_month: "Hiver à partir du mois", winter_to_month: "Hiver jusqu'au mois",
        demand_charge: 'Charge de puissance (CLP/kW)', peak_demand_charge: 'Puissance en heures de pointe (CLP/kW)',
        source: 'Source',
      },
    },
    'injection-prices': {
      name: "Prix d'injection |||| Prix d'injection",
      empty: "Ce distributeur n'a pas de prix d'injection",
      fields: { distributor: 'Distributeur', month: 'Mois', price: 'Prix (CLP/kWh)', source: 'Source' },
    },
    'real-bills': {
      name: 'Facture |||| Factures',
      empty: "Aucune facture saisie pour l'instant",
      fields: { plant: 'Centrale', month: 'Mois (AAAA-MM)', bought_kwh: 'kWh achetés', injected_kwh: 'kWh injectés', amount: 'Montant total (CLP, TVA comprise)', attachment: 'Photo ou PDF de la facture' },
    },
  },
  app: {
    messages: {
      distributor: entity('Distributeur', 'm', 'du distributeur'),
      tariff: entity('Tarif', 'm', 'du tarif'),
      injection_price: entity("Prix d'injection", 'm', "du prix d'injection"),
      real_bill: entity('Facture', 'f', 'de la facture'),
      csv_import: {
        done: 'Fichier importé : %{created} nouvelles lignes, %{updated} mises à jour.',
        error: "Rien n'a été importé : corrige ces lignes et envoie à nouveau le fichier.",
        unreadable: "Le fichier n'a pas pu être lu.",
      },
    },
    billing: {
      tariffs: 'Tarifs',
      injection_prices: "Prix d'injection par mois",
      add_tariff: 'Ajouter un tarif',
      add_injection_price: 'Ajouter un prix',
      import_tariffs: 'Importer des tarifs (CSV)',
      import_injection_prices: "Importer des prix d'injection (CSV)",
      import_help: "Colonnes et format du fichier : docs/billing.md, « CSV ». Si une ligne est erronée, rien n'est importé.",
      until_next: "Jusqu'au suivant",
      month_required: 'Indique le mois',
      real: {
        title: 'Ta facture réelle',
        hint: 'Saisis ce que dit la facture de ton distributeur et compare-la avec celle du portail.',
        add: 'Saisir une facture',
        empty: "Aucune facture saisie pour cette année pour l'instant.",
        bill: 'Facture', portal: 'Portail',
        bought: 'Acheté', injected: 'Injecté', amount: 'Montant', check: 'Vérification',
        ok: 'Concorde',
        flagged: 'Écart de plus de %{pct} %',
        no_portal: 'Pas de données',
        attachment: 'Voir la facture',
        attach_help: 'Dépose la photo ou le PDF de la facture, ou clique pour le choisir (facultatif)',
        causes: { data_gap: 'Il manque des données des onduleurs', meter: 'Le compteur et les onduleurs ne concordent pas', tariff: 'Le distributeur applique un autre tarif' },
      },
      card: {
        title: "Ta facture d'électricité",
        hint: "Ce que dirait ta facture sans panneaux et avec, au tarif de ton distributeur, avec le crédit d'injection et la TVA.",
        own_prices: "Calculée au tarif et au prix d'injection propres de la centrale (TVA comprise) : indique son distributeur et son option tarifaire pour utiliser les tarifs publiés.",
        error: "La facture n'a pas pu être calculée.",
        empty: "Aucune énergie enregistrée pour l'instant pour calculer la facture.",
        month_so_far: "Ce mois jusqu'à aujourd'hui",
        last_month: 'Le mois dernier',
        this_year: 'Cette année',
        without_solar: 'Sans solaire',
        with_solar: 'Avec solaire',
        savings: 'Économie',
        year_table: 'Mois par mois, %{year}',
        month: 'Mois',
        credit: "Crédit d'injection",
        vat: 'TVA',
        remanente: 'Crédit reporté',
        total: 'Total',
        ledger: 'Crédit reporté (remanente) au mois suivant',
        carried_in: 'Du mois précédent',
        earned: 'Gagné',
        used: 'Utilisé',
        left: 'Reste',
        assigned_to: 'Attribué à',
        carried: 'Mois suivant',
        plant: 'Centrale %{id}',
      },
    },
  },
};

export default fr;
