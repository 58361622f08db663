const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

let cookiesThisTurn: string | undefined;

/**
 * document.cookie, read once per turn of the event loop: every read is a synchronous call to the
 * browser's network process, and a page's start reads it about twenty times (each request reads the
 * access and XSRF tokens). Forgotten when the current microtasks have run, and by every write here.
 */
function currentCookies(): string {
  if (cookiesThisTurn === undefined) {
    cookiesThisTurn = document.cookie;
    queueMicrotask(forgetCookies);
  }
  return cookiesThisTurn;
}

const forgetCookies = () => {
  cookiesThisTurn = undefined;
};

/** Sets a cookie: a `name=value; attributes` assignment. */
export function writeCookie(assignment: string) {
  document.cookie = assignment;
  forgetCookies();
}

/**
 * Removes a cookie of the site's root path. An expiry in the past, the form every browser and DOM
 * implementation honours (happy-dom, which the unit tests run in, keeps a cookie given `Max-Age=0`).
 */
export function removeCookie(name: string) {
  writeCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
}

/** The value of a cookie the script can see, or undefined. */
export function readCookie(name: string, cookieString = currentCookies()): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decode(rest.join('='));
  }
  return undefined;
}

/** Clears every cookie the script can see except those whose names contain a whitelisted fragment. */
export function clearCookies(whitelist: string[], cookieString = currentCookies()) {
  for (const part of cookieString.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name || whitelist.some((kept) => name.includes(kept))) continue;
    removeCookie(name);
  }
}
