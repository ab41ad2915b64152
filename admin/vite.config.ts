import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { spaConfig } from '../vite.spa';

// The staff panel, served at /painel/. react-admin and MUI make a large vendor chunk: expected.
export default defineConfig(spaConfig('/painel/', react(), { chunkSizeWarningLimit: 1600 }));
