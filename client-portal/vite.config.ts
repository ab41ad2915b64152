import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { spaConfig } from '../vite.spa';

// The client area, served at /cliente/.
export default defineConfig(spaConfig('/cliente/', react()));
