import type esAuth from '../es/auth';
import type { Translation } from '../merge';

const auth: Translation<typeof esAuth> = {
  app: {
    auth: {
      email: 'E-mail',
      password: 'Mot de passe',
      password_confirm: 'Confirmer le mot de passe',
      first_name: 'Prénom',
      last_name: 'Nom',
      phone: 'Téléphone',
      address: 'Adresse',
      back_to_login: 'Retour à la connexion',
      resend_activation: "Renvoyer le lien d'activation",
      login: {
        title: 'Connexion',
        subtitle: 'Connectez-vous à votre compte pour continuer.',
        submit: 'Se connecter',
        google: 'Se connecter avec Google',
        or: 'ou',
        register: "Vous n'avez pas de compte ? Inscrivez-vous",
        forgot: 'Mot de passe oublié ?',
      },
      register: {
        title: 'Créer un compte',
        submit: "S'inscrire",
        login: 'Vous avez déjà un compte ? Connectez-vous',
        check_mail: 'Nous avons envoyé un lien à %{email} pour activer votre compte.',
        resend: 'Renvoyer le lien',
      },
      forgot: {
        title: 'Récupérer le mot de passe',
        text: 'Saisissez votre e-mail et nous vous enverrons un lien pour créer un nouveau mot de passe.',
        submit: 'Envoyer le lien',
      },
      reset: {
        title: 'Nouveau mot de passe',
        checking: 'Vérification du lien…',
        submit: 'Changer le mot de passe',
      },
      activate: {
        title: "Vérification de l'e-mail",
        checking: 'Activation de votre compte…',
      },
      google: {
        title: 'Connexion avec Google',
        checking: 'Connexion en cours…',
      },
      logout: {
        title: 'Déconnexion…',
      },
    },
    messages: {
      login_error: 'Mot de passe incorrect',
      google_error: 'Échec de la connexion',
      register_success: 'Inscription réussie',
      register_error: "Une erreur est survenue lors de l'inscription de l'utilisateur.",
      email_taken: 'Cette adresse e-mail est déjà enregistrée.',
      recovery_sent: 'Nous vous avons envoyé un lien pour récupérer votre mot de passe. Consultez votre e-mail.',
      recovery_error: "Une erreur est survenue lors de l'envoi de l'e-mail de récupération du mot de passe",
      reset_success: 'Mot de passe récupéré avec succès.',
      reset_error: 'Une erreur est survenue lors du changement du mot de passe',
      token_invalid: 'Le jeton de validation est incorrect, veuillez réessayer',
      activated: 'Compte activé avec succès. Vous pouvez maintenant vous connecter.',
      resend_success: 'Lien de vérification renvoyé avec succès.',
      resend_error: "Une erreur est survenue lors du renvoi du lien",
    },
    validation: {
      first_name: 'Veuillez saisir le Prénom',
      last_name: 'Veuillez saisir le Nom',
      email: "Veuillez saisir l'E-mail",
      phone: 'Veuillez saisir le Téléphone',
      address: "Veuillez saisir l'Adresse",
      password: 'Veuillez saisir votre Mot de passe',
      email_invalid: 'Veuillez saisir un E-mail valide',
      password_length: 'Doit contenir entre 4 et 16 caractères',
      password_mismatch: 'Les mots de passe ne correspondent pas',
    },
  },
};

export default auth;
