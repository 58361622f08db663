import { createRoot } from 'react-dom/client';
import { App } from './app/provider';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(<App />);
