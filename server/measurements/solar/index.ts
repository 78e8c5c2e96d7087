export * from './spa.js';
export * from './irradiance.js';
export * from './climate.js';
export * from './pv.js';
export * from './simulator.js';
