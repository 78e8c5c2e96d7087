import fp from 'fastify-plugin';

export default fp(async () => {}, { name: 'users' });
