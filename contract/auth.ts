/**
 * Signing in and out (e-mail and password, or Google), registration and activation, password
 * recovery, accounts created or activated by staff, and the signed-in user's own profile.
 */
import { ALARM_KINDS, AlarmKindSchema } from './alarms.js';
import { Type, type Static } from '@sinclair/typebox';
import { Detail, endpoint } from './http.js';
import { S } from './common.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits.js';
import { authRoutes, profileRoutes } from './paths.js';
import { UserItem } from './users.js';

export const passwordField = () => Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` });
const tokenField = () => Type.String({ minLength: 1, maxLength: 200 });

/** The languages of the interface a user may choose. Spelled out: the type provider infers nothing from a mapped array. */
export const Language = Type.Union([Type.Literal('es'), Type.Literal('en'), Type.Literal('fr'), Type.Literal('ar'), Type.Literal('zh')]);

// ---------- sessions ----------

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() }, { title: 'TokenPair' });
export type TokenPair = Static<typeof TokenPair>;

export const LoginBody = Type.Object({ email: S.email(), password: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
/** A refused sign-in: field errors, and the account id when the owner (right password) must still activate it. */
export const LoginRefusal = Type.Object({
  user_id: Type.Optional(Type.Integer({ description: 'the account awaiting activation, for resending its link' })),
}, { additionalProperties: Type.Array(Type.String()), title: 'LoginRefusal' });
export const RefreshBody = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 2000 }) });
/** A refresh token that is invalid, expired, spent or of an ended session (simplejwt's answer). */
export const TokenNotValid = Type.Object({ detail: Type.String(), code: Type.Literal('token_not_valid') }, { title: 'TokenNotValid' });

export const GoogleQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
}, { description: 'Without code: starts the sign-in (302 to the identity provider). With code: the whole query string the provider sent to /user/auth/login/google, passed on unchanged (iss, scope... included).' });

// ---------- accounts ----------

export const SignupBody = Type.Object({
  first_name: S.name(150), last_name: S.name(150), email: S.email(),
  phone: Type.String({ minLength: 1, maxLength: 40 }), address: Type.String({ minLength: 1, maxLength: 255 }),
  password: passwordField(),
}, { additionalProperties: false });
export const SignedUp = Type.Object({ id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String() }, { title: 'SignedUp' });

export const CreateUserBody = Type.Object({
  first_name: S.name(150), last_name: S.name(150), email: S.email(),
  phone: Type.Optional(Type.String({ maxLength: 40 })), address: Type.Optional(Type.String({ maxLength: 255 })),
  password: Type.Optional(passwordField()), is_staff: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, description: 'Without a password, the person is sent an invitation to choose one (valid 7 days).' });

const AccountParams = Type.Object({ user_id: S.id() });
export const ResetLinkParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), token: tokenField() });
export const ResetCheck = Type.Object({ valid: Type.Boolean(), code: Type.String(), token: Type.String() }, { title: 'PasswordResetCheck' });
export const ResetCompleteBody = Type.Object({
  password: passwordField(),
  token: tokenField(),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the {code} of the link (base64url of the user id)' })),
  uidb64: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'alias of code' })),
}, { additionalProperties: false });

// ---------- profile ----------

export const Profile = Type.Object({
  id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String(),
  phone: Type.String(), address: Type.String(), image: S.nullable(Type.String()),
  is_staff: Type.Boolean(), is_superuser: Type.Boolean(), language: Language,
  alarm_opt_out: Type.Optional(Type.Array(AlarmKindSchema, { description: 'alarm kinds this user is not told about (always sent by the server)' })),
  report_opt_out: Type.Optional(Type.Boolean({ description: 'true: the monthly report is not mailed to this user (always sent by the server)' })),
}, { title: 'Profile' });
export type Profile = Static<typeof Profile>;

export const ProfileUpdate = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 150 })),
  last_name: Type.Optional(Type.String({ maxLength: 150 })),
  email: Type.Optional(S.email()),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
  address: Type.Optional(Type.String({ maxLength: 255 })),
  image: Type.Optional(S.file()),
  language: Type.Optional(Language),
  alarm_opt_out: Type.Optional(Type.Array(AlarmKindSchema, { uniqueItems: true, maxItems: ALARM_KINDS.length, description: 'the alarm kinds not to be told about (JSON only); [] hears of all' })),
  report_opt_out: Type.Optional(Type.Boolean({ description: 'true: no monthly report by mail' })),
}, { additionalProperties: false });

/** The answer to the calls that throttle (docs/api.md "Accounts"), with a Retry-After header. */
const throttled = { 429: Detail };
const tag = 'auth';

export const authApi = {
  token: endpoint({
    ...authRoutes.token, access: 'public', tag, summary: 'Sign in with e-mail and password',
    body: LoginBody, reply: { 200: TokenPair, 400: LoginRefusal, ...throttled },
  }),
  refresh: endpoint({
    ...authRoutes.refresh, access: 'public', tag,
    summary: 'Exchange a refresh token for a new pair of its session (the old one is spent; spent once more, it ends the session)',
    body: RefreshBody, reply: { 200: TokenPair, 401: TokenNotValid },
  }),
  logout: endpoint({
    ...authRoutes.logout, access: 'user', tag, summary: 'Sign out: ends the session (its access and refresh tokens stop working)',
    body: Type.Optional(RefreshBody), reply: { 204: Type.Null() },
  }),
  google: endpoint({
    ...authRoutes.google, access: 'public', tag,
    summary: 'Sign in with Google: start (302 to Google), then finish with the code Google sent back',
    querystring: GoogleQuery, reply: { 200: TokenPair, 302: Type.Null({ description: 'redirect to the identity provider' }), 502: Detail },
  }),
  signup: endpoint({
    ...authRoutes.signup, access: 'public', tag, summary: 'Register: creates an inactive account and e-mails its activation link',
    body: SignupBody, reply: { 201: SignedUp, ...throttled },
  }),
  activate: endpoint({
    ...authRoutes.activate, access: 'public', tag,
    summary: 'Activate an account with the token of its activation link (single use, valid 3 days)',
    querystring: Type.Object({ token: tokenField() }), reply: { 200: Detail },
  }),
  resendActivation: endpoint({
    ...authRoutes.resendActivation, access: 'public', tag,
    summary: 'Resend the activation link of an account awaiting activation, proven by its e-mail (earlier links stop working). '
      + 'The answer is the same whether or not the id and e-mail match such an account; only then a mail leaves.',
    params: AccountParams, querystring: Type.Object({ email: S.email() }), reply: { 200: Detail, ...throttled },
  }),
  passwordResetEmail: endpoint({
    ...authRoutes.passwordResetEmail, access: 'public', tag,
    summary: 'E-mail a password-recovery link (single use, valid 1 hour); an account awaiting activation gets its activation link instead. '
      + 'The answer is the same for every address, registered or not.',
    body: Type.Object({ email: S.email() }, { additionalProperties: false }), reply: { 200: Detail, ...throttled },
  }),
  passwordResetCheck: endpoint({
    ...authRoutes.passwordResetCheck, access: 'public', tag, summary: 'Check a password-recovery link before asking for the new password',
    params: ResetLinkParams, reply: { 200: ResetCheck },
  }),
  passwordResetComplete: endpoint({
    ...authRoutes.passwordResetComplete, access: 'public', tag,
    summary: 'Set a new password with a recovery link (the link is spent; open sessions are signed out)',
    body: ResetCompleteBody, reply: { 200: Detail },
  }),
  createUser: endpoint({
    ...authRoutes.createUser, access: 'staff', tag, summary: 'An administrator creates an active account; without a password, an invitation mail lets its owner choose one',
    body: CreateUserBody, reply: { 201: UserItem },
  }),
  staffResendActivation: endpoint({
    ...authRoutes.staffResendActivation, access: 'staff', tag,
    summary: 'An administrator resends the activation link of an account awaiting activation (earlier links stop working)',
    params: AccountParams, reply: { 200: Detail },
  }),
  staffActivate: endpoint({
    ...authRoutes.staffActivate, access: 'staff', tag,
    summary: 'An administrator activates an account (awaiting activation or deactivated); a superuser only by a superuser',
    params: AccountParams, reply: { 200: UserItem },
  }),
};

export const profileApi = {
  me: endpoint({ ...profileRoutes.me, access: 'user', tag: 'profile', summary: 'The signed-in user', reply: { 200: Profile } }),
  update: endpoint({
    ...profileRoutes.update, access: 'user', tag: 'profile',
    summary: 'Update the own profile (multipart or JSON; fields not sent stay as they are)',
    body: ProfileUpdate, consumes: ['multipart/form-data', 'application/json'], reply: { 200: Profile },
  }),
};
