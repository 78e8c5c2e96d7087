import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { country } from './config/country';

document.title = country.brand;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
