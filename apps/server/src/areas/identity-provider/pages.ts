import { randomBytes } from 'node:crypto';
import {
  brandPalette,
  contentImageUrl,
  tenantFontStacks,
  type CodeRoute,
  type TenantContent,
} from '@meridian/contracts';
import { fontFaceRules } from './fonts';

export type Branding = Pick<TenantContent, 'tenantName' | 'headerText' | 'primaryColor' | 'logoText'> &
  Partial<Pick<TenantContent, 'tenantUrl' | 'logo' | 'font'>>;

export const defaultBranding: Branding = {
  tenantName: 'Meridian',
  headerText: 'Member portal',
  primaryColor: '#1d4f91',
  logoText: 'Meridian',
};

export interface FieldError {
  field: string;
  message: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The provider's pages carry their own policy: a fresh script nonce, and form targets that include the
 * portal the member returns to (browsers apply form-action to the redirects that follow a form post).
 */
export function pageSecurity(formTargets: string[] = []) {
  const nonce = randomBytes(16).toString('base64');
  const policy = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  return { nonce, policy };
}

/** The web app's look: the tenant's palette (contrast-checked, as in the portal) and typeface. */
function styles(branding: Branding) {
  const palette = brandPalette(branding.primaryColor);
  const colour = palette['--brand-primary-dark'];
  return `${fontFaceRules(branding.font)}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:${tenantFontStacks[branding.font ?? 'system']};font-size:19px;line-height:1.4;color:#0b0c0c;background:#fff}
a{color:${colour}}a:focus,input:focus,button:focus,.error-summary:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}
.skip-link{position:absolute;left:-9999px}.skip-link:focus{position:static;display:block;padding:8px;background:#fd0;color:#0b0c0c}
header{background:${colour};color:#fff;padding:14px 0;border-bottom:8px solid ${palette['--brand-primary']}}
header .container{display:flex;flex-wrap:wrap;align-items:center;gap:16px}
header .logo{font-weight:700;font-size:24px}header .logo img{display:block}
.container{max-width:640px;margin:0 auto;padding:0 16px}main.container{padding-top:32px;padding-bottom:48px}
h1{font-size:36px;margin:0 0 24px}h2{font-size:24px;margin:32px 0 12px}
.form-group{margin-bottom:24px}.form-group--error{border-left:5px solid #d4351c;padding-left:12px}
label{display:block;font-weight:700;margin-bottom:6px}
input{font:inherit;width:100%;max-width:24em;padding:6px;border:2px solid #0b0c0c;border-radius:0}
.form-group--error input{border-color:#d4351c}
.error-message{color:#d4351c;font-weight:700;margin:0 0 8px}
.error-summary{border:5px solid #d4351c;padding:16px;margin-bottom:32px}.error-summary h2{margin-top:0}
.error-summary a{color:#d4351c;font-weight:700}
.button{font:inherit;font-weight:700;color:#fff;background:${colour};border:0;padding:10px 16px;cursor:pointer;box-shadow:0 2px 0 #0b0c0c}
.hint{color:#505a5f;margin:0 0 8px}
.link-button{font:inherit;color:${colour};background:none;border:0;padding:0;margin:0 0 16px;text-decoration:underline;cursor:pointer}
fieldset{border:0;padding:0;margin:0}legend{font-weight:700;margin-bottom:8px}
.radio{display:flex;align-items:center;gap:12px;margin-bottom:12px}.radio input{width:28px;height:28px;margin:0}
.radio label{font-weight:400;margin:0}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
footer{border-top:1px solid #b1b4b6;background:#f3f2f1;padding:24px 0;font-size:16px}`;
}

/** The tenant's logo image where it has one (its size given, so the header never shifts), else its logo text. */
function logo(branding: Branding) {
  const text = escapeHtml(branding.logoText);
  if (!branding.logo || !branding.tenantUrl) return `<span class="logo">${text}</span>`;
  const source = escapeHtml(contentImageUrl(branding.tenantUrl, branding.logo.image, branding.logo.version));
  return `<span class="logo"><img src="${source}" alt="${text}" width="${branding.logo.width}" height="${branding.logo.height}"></span>`;
}

export function renderPage(options: {
  branding: Branding;
  title: string;
  body: string;
  nonce: string;
  script?: string;
}): string {
  const { branding, title, body, nonce, script } = options;
  const name = escapeHtml(branding.tenantName);
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${name}</title>
<style>${styles(branding)}</style>
</head>
<body>
<a class="skip-link" href="#main-content">Skip to main content</a>
<header><div class="container">${logo(branding)} <span>${escapeHtml(branding.headerText)}</span></div></header>
<main id="main-content" class="container" tabindex="-1">
${body}
</main>
<footer><div class="container">${name}: your account for the member portal.</div></footer>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
}

function errorSummary(errors: FieldError[]) {
  if (errors.length === 0) return '';
  const items = errors
    .map((error) => `<li><a href="#${error.field}">${escapeHtml(error.message)}</a></li>`)
    .join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${items}</ul>
</div>`;
}

function textField(options: {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  error?: string;
}) {
  const { name, label, type, autocomplete, value, error } = options;
  const errorId = `${name}-error`;
  return `<div class="form-group${error ? ' form-group--error' : ''}">
<label for="${name}">${label}</label>
${error ? `<p id="${errorId}" class="error-message"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" spellcheck="false"${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
</div>`;
}

const focusErrorSummary = "document.querySelector('.error-summary')?.focus();";

/**
 * The passkey button's ceremony, without a bundle: the options from the server (their base64url made
 * bytes), `navigator.credentials.get`, and its answer (bytes made base64url again) posted in the form.
 * A ceremony that fails or is cancelled posts an empty answer, which the server refuses in words. The
 * button shows only where the browser has WebAuthn.
 */
const passkeyScript = (optionsUrl: string) => `(function(){
var button=document.getElementById('passkey');if(!button||!window.PublicKeyCredential)return;
document.getElementById('passkey-section').hidden=false;
var form=document.getElementById('passkey-form'),field=document.getElementById('passkey-credential');
function bytes(s){s=s.replace(/-/g,'+').replace(/_/g,'/');while(s.length%4)s+='=';return Uint8Array.from(atob(s),function(c){return c.charCodeAt(0);}).buffer;}
function text(b){var s='',a=new Uint8Array(b);for(var i=0;i<a.length;i++)s+=String.fromCharCode(a[i]);return btoa(s).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');}
button.addEventListener('click',function(){
button.disabled=true;
fetch(${JSON.stringify(optionsUrl)},{method:'POST',credentials:'same-origin'}).then(function(r){return r.json();}).then(function(a){var o=a.options;
return navigator.credentials.get({publicKey:{challenge:bytes(o.challenge),rpId:o.rpId,timeout:o.timeout,userVerification:o.userVerification,allowCredentials:(o.allowCredentials||[]).map(function(c){return {id:bytes(c.id),type:c.type,transports:c.transports};})}});
}).then(function(c){var r=c.response;
field.value=JSON.stringify({id:c.id,rawId:text(c.rawId),type:c.type,response:{clientDataJSON:text(r.clientDataJSON),authenticatorData:text(r.authenticatorData),signature:text(r.signature),userHandle:r.userHandle?text(r.userHandle):undefined},authenticatorAttachment:c.authenticatorAttachment||undefined,clientExtensionResults:c.getClientExtensionResults()});
}).catch(function(){field.value='';}).then(function(){form.submit();});
});
})();`;

export function signInPage(options: {
  branding: Branding;
  nonce: string;
  action: string;
  cancelUrl: string;
  registerUrl: string | null;
  /** The portal's forgotten password and username pages, where the member can get back in. */
  recoveryUrls: { password: string; username: string } | null;
  /** Where the passkey's options come from and its answer goes. */
  passkey: { optionsUrl: string; action: string };
  username?: string;
  errors?: FieldError[];
}): string {
  const errors = options.errors ?? [];
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  const passkeyError = errorFor('passkey');
  const passkeySection = `<div id="passkey-section"${passkeyError ? '' : ' hidden'}>
<h2>Sign in with a passkey</h2>
<div class="form-group${passkeyError ? ' form-group--error' : ''}">
<p id="passkey-hint" class="hint">Use your fingerprint, face or device PIN instead of your username and password, if you have added a passkey.</p>
${passkeyError ? `<p id="passkey-error" class="error-message"><span class="visually-hidden">Error:</span> ${escapeHtml(passkeyError)}</p>` : ''}
<form method="post" action="${escapeHtml(options.passkey.action)}" id="passkey-form">
<input type="hidden" name="credential" id="passkey-credential">
<button type="button" class="button" id="passkey" aria-describedby="passkey-hint${passkeyError ? ' passkey-error' : ''}">Use a passkey</button>
</form>
</div>
</div>`;
  const body = `${errorSummary(errors)}
<h1>Sign in</h1>
<p>Use the username and password of your Meridian account to see your ${escapeHtml(options.branding.tenantName)} pension.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${textField({ name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: options.username, error: errorFor('username') })}
${textField({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errorFor('password') })}
<button type="submit" class="button">Sign in</button>
</form>
${passkeySection}
${options.recoveryUrls ? `<p><a href="${escapeHtml(options.recoveryUrls.password)}">Forgotten your password?</a></p>\n<p><a href="${escapeHtml(options.recoveryUrls.username)}">Forgotten your username?</a></p>\n` : ''}<p><a href="${escapeHtml(options.cancelUrl)}">Cancel and go back</a></p>
${options.registerUrl ? `<h2>New to this service?</h2>\n<p><a href="${escapeHtml(options.registerUrl)}">Create an account</a> with the reference number from your pension statement.</p>` : ''}`;
  return renderPage({
    branding: options.branding,
    title: `${errors.length ? 'Error: ' : ''}Sign in`,
    body,
    nonce: options.nonce,
    script: `${errors.length ? focusErrorSummary : ''}\n${passkeyScript(options.passkey.optionsUrl)}`,
  });
}

export type SecondFactorShown = 'app' | 'recovery' | 'sent';

/** What a capped name's second step says, the same whatever the account (the web app's words too). */
const UNDER_CAP_TEXT =
  'Too many attempts have been made to sign in to this account, so a password alone is not enough for now. If your account has two-step verification on, enter a code from your authenticator app or a recovery code. If it has not, wait an hour and try again, reset your password, or sign in with a passkey.';

/**
 * The second step of signing in when the account has two-step verification on: the code from the
 * authenticator app, a recovery code, or a code sent to the email or mobile on file. Each way out is a
 * small form that carries the challenge (never in the address).
 */
export function secondFactorPage(options: {
  branding: Branding;
  nonce: string;
  action: string;
  cancelUrl: string;
  challenge: string;
  shown: SecondFactorShown;
  /** Where "send a code instead" goes (masked), or null when there is nowhere. */
  fallbackSentTo: string | null;
  /** Every route on file the code may go to (masked): with more than one, the member chooses. */
  fallbackRoutes: CodeRoute[];
  /** The nonce of a code just sent, with where it went. */
  sent?: { nonce: string; sentTo: string; channel: string };
  /** Opened under the account's failed-password cap, as every capped name is (issue 41). */
  underCap?: boolean;
  errors?: FieldError[];
}): string {
  const errors = options.errors ?? [];
  const error = errors.find((candidate) => candidate.field === 'code')?.message;
  const routeError = errors.find((candidate) => candidate.field === CODE_ROUTE_FIELD)?.message;
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const challenge = hidden('challenge', options.challenge);
  const action = escapeHtml(options.action);
  const switchTo = (intent: string, label: string) =>
    `<form method="post" action="${action}">${challenge}${hidden('intent', intent)}<button type="submit" class="link-button">${escapeHtml(label)}</button></form>`;
  const field = {
    app: {
      label: 'Code from your authenticator app',
      hint: 'The 6-digit code your app shows for this account.',
      autocomplete: 'one-time-code',
      inputmode: 'numeric',
    },
    recovery: {
      label: 'Recovery code',
      hint: 'One of the ten codes you kept when you set up two-step verification, like abcde-23456. Each works once.',
      autocomplete: 'off',
      inputmode: 'text',
    },
    sent: {
      label: 'Code we sent you',
      hint: `We sent a 6-digit code to ${options.sent?.sentTo ?? 'your contact details'}. It expires in 15 minutes.`,
      autocomplete: 'one-time-code',
      inputmode: 'numeric',
    },
  }[options.shown];
  const routeChoice = options.fallbackRoutes.length > 1 && options.shown !== 'sent';
  const others = [
    options.shown !== 'app' ? switchTo('app', 'Use your authenticator app') : '',
    options.shown !== 'recovery' ? switchTo('recovery', 'Use a recovery code instead') : '',
    options.fallbackSentTo && options.shown !== 'sent' && !routeChoice
      ? switchTo('send', `Send a code to ${options.fallbackSentTo} instead`)
      : '',
    routeChoice
      ? routeChoiceForm(action, challenge + hidden('intent', 'send'), options.fallbackRoutes, routeError)
      : '',
  ].filter(Boolean);
  const body = `${errorSummary(errors)}
<h1>Enter your code</h1>
<p>${options.underCap ? UNDER_CAP_TEXT : 'Your account has two-step verification on, so we need a code as well as your password.'}</p>
<form method="post" action="${action}" novalidate>
${challenge}${hidden('intent', 'verify')}${hidden('method', options.shown)}${options.sent ? hidden('codeNonce', options.sent.nonce) + hidden('codeChannel', options.sent.channel) : ''}
<div class="form-group${error ? ' form-group--error' : ''}">
<label for="code">${field.label}</label>
<p id="code-hint" class="hint">${escapeHtml(field.hint)}</p>
${error ? `<p id="code-error" class="error-message"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
<input id="code" name="code" type="text" inputmode="${field.inputmode}" autocomplete="${field.autocomplete}" spellcheck="false" aria-describedby="code-hint${error ? ' code-error' : ''}"${error ? ' aria-invalid="true"' : ''}>
</div>
<button type="submit" class="button">Continue</button>
</form>
<h2>Cannot use this?</h2>
${others.join('\n')}
<p><a href="${escapeHtml(options.cancelUrl)}">Cancel and go back</a></p>`;
  return renderPage({
    branding: options.branding,
    title: `${errors.length ? 'Error: ' : ''}Enter your code`,
    body,
    nonce: options.nonce,
    script: errors.length ? focusErrorSummary : "document.getElementById('code').focus();",
  });
}

/** The error summary's link and the first radio of the route question. */
export const CODE_ROUTE_FIELD = 'code-route';

/** "Get a code instead": a radio per route on file, none chosen, as the portal's /login asks it. */
function routeChoiceForm(action: string, fields: string, routes: CodeRoute[], error: string | undefined) {
  const radios = routes
    .map((route, index) => {
      const id = index === 0 ? CODE_ROUTE_FIELD : `${CODE_ROUTE_FIELD}-${route.channel}`;
      const label =
        route.channel === 'sms' ? `Text me a code to ${route.sentTo}` : `Email me a code to ${route.sentTo}`;
      return `<div class="radio"><input type="radio" id="${id}" name="channel" value="${route.channel}"><label for="${id}">${escapeHtml(label)}</label></div>`;
    })
    .join('');
  return `<form method="post" action="${action}" novalidate>${fields}
<div class="form-group${error ? ' form-group--error' : ''}">
<fieldset${error ? ` aria-describedby="${CODE_ROUTE_FIELD}-error"` : ''}><legend>Get a code instead</legend>
${error ? `<p id="${CODE_ROUTE_FIELD}-error" class="error-message"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}${radios}</fieldset>
</div>
<button type="submit" class="button">Send the code</button>
</form>`;
}

/** Ends the provider session at once; the button serves browsers without scripts. */
export function signOutPage(options: { branding: Branding; nonce: string; form: string }): string {
  const body = `<h1>Signing you out</h1>
<p>You are being signed out of your Meridian account.</p>
${options.form.replace('</form>', '<input type="hidden" name="logout" value="yes"><button type="submit" class="button">Sign out</button></form>')}`;
  return renderPage({
    branding: options.branding,
    title: 'Signing you out',
    body,
    nonce: options.nonce,
    script: "document.getElementById('op.logoutForm').submit();",
  });
}

export function messagePage(options: {
  branding: Branding;
  nonce: string;
  title: string;
  message: string;
}): string {
  return renderPage({
    branding: options.branding,
    title: options.title,
    nonce: options.nonce,
    body: `<h1>${escapeHtml(options.title)}</h1>\n<p>${escapeHtml(options.message)}</p>`,
  });
}
