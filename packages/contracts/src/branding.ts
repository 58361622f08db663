/**
 * Tenant branding shared by the web app and the identity provider's server-rendered pages: colour
 * helpers (#rrggbb in, #rrggbb out), typeface stacks and the address of a content image.
 */
import type { TenantFont } from './content';

const channels = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
const toHex = (values: number[]) => `#${values.map((value) => value.toString(16).padStart(2, '0')).join('')}`;

/** Darkens (negative amount) or lightens (positive) a colour by a fraction of the way to black or white. */
export function shade(hex: string, amount: number): string {
  return toHex(
    channels(hex).map((value) =>
      Math.round(amount < 0 ? value * (1 + amount) : value + (255 - value) * amount),
    ),
  );
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour darkened until it reaches the contrast ratio against a light background (AA text: 4.5). */
export function darkenUntilReadable(hex: string, background = '#ffffff', ratio = 4.5): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = shade(hex, -amount);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}

/** The tenant palette set as CSS custom properties on :root. */
export function brandPalette(primary: string) {
  return {
    '--brand-primary': primary,
    // Header background (white text) and link colour (on white and on the light grey footer).
    '--brand-primary-dark': darkenUntilReadable(shade(primary, -0.4), '#f3f2f1', 4.5),
    // Tinted panel background behind body text.
    '--brand-primary-light': shade(primary, 0.9),
  };
}

/**
 * The typeface stacks. Each web font is followed by its metric-matched local fallback
 * (font-fallbacks.css), so text keeps its place while the web font loads.
 */
export const tenantFontStacks: Record<TenantFont, string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  'source-sans-3': "'Source Sans 3', 'Source Sans 3 Fallback', system-ui, Arial, sans-serif",
  nunito: "'Nunito', 'Nunito Fallback', system-ui, Arial, sans-serif",
};

/**
 * The address of one of the tenant's content images; with the version of its bytes (the logo has
 * one), an address the browser may cache for good.
 */
export const contentImageUrl = (tenantUrl: string, imagePath: string, version?: string) =>
  `/content-api/api/v2/content/image-resouce?cmsRelativeUrl=${encodeURIComponent(imagePath)}&tenantUrl=${encodeURIComponent(tenantUrl)}${version ? `&v=${version}` : ''}`;
