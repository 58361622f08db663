const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The value of a cookie the script can see, or undefined. */
export function readCookie(name: string, cookieString = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decode(rest.join('='));
  }
  return undefined;
}

/** Clears every cookie the script can see except those whose names contain a whitelisted fragment. */
export function clearCookies(whitelist: string[], cookieString = document.cookie) {
  for (const part of cookieString.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name || whitelist.some((kept) => name.includes(kept))) continue;
    document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}
