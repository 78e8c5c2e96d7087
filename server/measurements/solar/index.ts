export * from './spa.js';
export * from './irradiance.js';
export * from './simulator.js';
