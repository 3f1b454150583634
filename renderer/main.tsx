import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App.js';
import { applyTheme, cachedTheme } from './state/theme-store.js';
import './styles/app.css';
import './styles/user.css';
import './styles/forms.css';
import './styles/narrow.css';
import './styles/settings.css';

applyTheme(cachedTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
