import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/provider';
// Tenant typefaces, self-hosted: a browser fetches a face only when the tenant's pages use it.
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/700.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import '@meridian/contracts/font-fallbacks.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render draws the whole app (the page carries its tenant): as a transition React renders it
// in slices with the browser let in between, instead of in one long task that blocks input.
const app = createRoot(root);
startTransition(() => app.render(<App />));
