/**
 * Chile's 346 communes by region (16 regions, since Ñuble was created in 2018), listed by province
 * within each region. Names in their usual Spanish spelling, where it differs from INE's code table
 * (e.g. 'La Calera' for INE's 'Calera', 'Aysén' for 'Aisén', 'Marchigüe' for 'Marchihue').
 */
export const CHILE_COMMUNES: Record<string, string[]> = {
  'Región de Arica y Parinacota': [
    'Arica', 'Camarones', // Arica
    'Putre', 'General Lagos', // Parinacota
  ],
  'Región de Tarapacá': [
    'Iquique', 'Alto Hospicio', // Iquique
    'Pozo Almonte', 'Camiña', 'Colchane', 'Huara', 'Pica', // Tamarugal
  ],
  'Región de Antofagasta': [
    'Antofagasta', 'Mejillones', 'Sierra Gorda', 'Taltal', // Antofagasta
    'Calama', 'Ollagüe', 'San Pedro de Atacama', // El Loa
    'Tocopilla', 'María Elena', // Tocopilla
  ],
  'Región de Atacama': [
    'Copiapó', 'Caldera', 'Tierra Amarilla', // Copiapó
    'Chañaral', 'Diego de Almagro', // Chañaral
    'Vallenar', 'Alto del Carmen', 'Freirina', 'Huasco', // Huasco
  ],
  'Región de Coquimbo': [
    'La Serena', 'Coquimbo', 'Andacollo', 'La Higuera', 'Paihuano', 'Vicuña', // Elqui
    'Illapel', 'Canela', 'Los Vilos', 'Salamanca', // Choapa
    'Ovalle', 'Combarbalá', 'Monte Patria', 'Punitaqui', 'Río Hurtado', // Limarí
  ],
  'Región de Valparaíso': [
    'Valparaíso', 'Casablanca', 'Concón', 'Juan Fernández', 'Puchuncaví', 'Quintero', 'Viña del Mar', // Valparaíso
    'Isla de Pascua', // Isla de Pascua
    'Los Andes', 'Calle Larga', 'Rinconada', 'San Esteban', // Los Andes
    'La Ligua', 'Cabildo', 'Papudo', 'Petorca', 'Zapallar', // Petorca
    'Quillota', 'La Calera', 'Hijuelas', 'La Cruz', 'Nogales', // Quillota
    'San Antonio', 'Algarrobo', 'Cartagena', 'El Quisco', 'El Tabo', 'Santo Domingo', // San Antonio
    'San Felipe', 'Catemu', 'Llaillay', 'Panquehue', 'Putaendo', 'Santa María', // San Felipe de Aconcagua
    'Quilpué', 'Limache', 'Olmué', 'Villa Alemana', // Marga Marga
  ],
  'Región Metropolitana de Santiago': [
    // Santiago
    'Santiago', 'Cerrillos', 'Cerro Navia', 'Conchalí', 'El Bosque', 'Estación Central', 'Huechuraba',
    'Independencia', 'La Cisterna', 'La Florida', 'La Granja', 'La Pintana', 'La Reina', 'Las Condes',
    'Lo Barnechea', 'Lo Espejo', 'Lo Prado', 'Macul', 'Maipú', 'Ñuñoa', 'Pedro Aguirre Cerda', 'Peñalolén',
    'Providencia', 'Pudahuel', 'Quilicura', 'Quinta Normal', 'Recoleta', 'Renca', 'San Joaquín',
    'San Miguel', 'San Ramón', 'Vitacura',
    'Puente Alto', 'Pirque', 'San José de Maipo', // Cordillera
    'Colina', 'Lampa', 'Tiltil', // Chacabuco
    'San Bernardo', 'Buin', 'Calera de Tango', 'Paine', // Maipo
    'Melipilla', 'Alhué', 'Curacaví', 'María Pinto', 'San Pedro', // Melipilla
    'Talagante', 'El Monte', 'Isla de Maipo', 'Padre Hurtado', 'Peñaflor', // Talagante
  ],
  "Región del Libertador General Bernardo O'Higgins": [
    // Cachapoal
    'Rancagua', 'Codegua', 'Coinco', 'Coltauco', 'Doñihue', 'Graneros', 'Las Cabras', 'Machalí', 'Malloa',
    'Mostazal', 'Olivar', 'Peumo', 'Pichidegua', 'Quinta de Tilcoco', 'Rengo', 'Requínoa', 'San Vicente',
    'Pichilemu', 'La Estrella', 'Litueche', 'Marchigüe', 'Navidad', 'Paredones', // Cardenal Caro
    // Colchagua
    'San Fernando', 'Chépica', 'Chimbarongo', 'Lolol', 'Nancagua', 'Palmilla', 'Peralillo', 'Placilla',
    'Pumanque', 'Santa Cruz',
  ],
  'Región del Maule': [
    'Talca', 'Constitución', 'Curepto', 'Empedrado', 'Maule', 'Pelarco', 'Pencahue', 'Río Claro', 'San Clemente', 'San Rafael', // Talca
    'Cauquenes', 'Chanco', 'Pelluhue', // Cauquenes
    'Curicó', 'Hualañé', 'Licantén', 'Molina', 'Rauco', 'Romeral', 'Sagrada Familia', 'Teno', 'Vichuquén', // Curicó
    'Linares', 'Colbún', 'Longaví', 'Parral', 'Retiro', 'San Javier', 'Villa Alegre', 'Yerbas Buenas', // Linares
  ],
  'Región de Ñuble': [
    'Chillán', 'Bulnes', 'Chillán Viejo', 'El Carmen', 'Pemuco', 'Pinto', 'Quillón', 'San Ignacio', 'Yungay', // Diguillín
    'Quirihue', 'Cobquecura', 'Coelemu', 'Ninhue', 'Portezuelo', 'Ránquil', 'Treguaco', // Itata
    'San Carlos', 'Coihueco', 'Ñiquén', 'San Fabián', 'San Nicolás', // Punilla
  ],
  'Región del Biobío': [
    // Concepción
    'Concepción', 'Coronel', 'Chiguayante', 'Florida', 'Hualqui', 'Lota', 'Penco', 'San Pedro de la Paz',
    'Santa Juana', 'Talcahuano', 'Tomé', 'Hualpén',
    'Lebu', 'Arauco', 'Cañete', 'Contulmo', 'Curanilahue', 'Los Álamos', 'Tirúa', // Arauco
    // Biobío
    'Los Ángeles', 'Antuco', 'Cabrero', 'Laja', 'Mulchén', 'Nacimiento', 'Negrete', 'Quilaco', 'Quilleco',
    'San Rosendo', 'Santa Bárbara', 'Tucapel', 'Yumbel', 'Alto Biobío',
  ],
  'Región de La Araucanía': [
    // Cautín
    'Temuco', 'Carahue', 'Cholchol', 'Cunco', 'Curarrehue', 'Freire', 'Galvarino', 'Gorbea', 'Lautaro',
    'Loncoche', 'Melipeuco', 'Nueva Imperial', 'Padre Las Casas', 'Perquenco', 'Pitrufquén', 'Pucón',
    'Saavedra', 'Teodoro Schmidt', 'Toltén', 'Vilcún', 'Villarrica',
    // Malleco
    'Angol', 'Collipulli', 'Curacautín', 'Ercilla', 'Lonquimay', 'Los Sauces', 'Lumaco', 'Purén', 'Renaico',
    'Traiguén', 'Victoria',
  ],
  'Región de Los Ríos': [
    'Valdivia', 'Corral', 'Lanco', 'Los Lagos', 'Máfil', 'Mariquina', 'Paillaco', 'Panguipulli', // Valdivia
    'La Unión', 'Futrono', 'Lago Ranco', 'Río Bueno', // Ranco
  ],
  'Región de Los Lagos': [
    'Puerto Montt', 'Calbuco', 'Cochamó', 'Fresia', 'Frutillar', 'Los Muermos', 'Llanquihue', 'Maullín', 'Puerto Varas', // Llanquihue
    'Castro', 'Ancud', 'Chonchi', 'Curaco de Vélez', 'Dalcahue', 'Puqueldón', 'Queilén', 'Quellón', 'Quemchi', 'Quinchao', // Chiloé
    'Osorno', 'Puerto Octay', 'Purranque', 'Puyehue', 'Río Negro', 'San Juan de la Costa', 'San Pablo', // Osorno
    'Chaitén', 'Futaleufú', 'Hualaihué', 'Palena', // Palena
  ],
  'Región de Aysén del General Carlos Ibáñez del Campo': [
    'Coyhaique', 'Lago Verde', // Coyhaique
    'Aysén', 'Cisnes', 'Guaitecas', // Aysén
    'Cochrane', "O'Higgins", 'Tortel', // Capitán Prat
    'Chile Chico', 'Río Ibáñez', // General Carrera
  ],
  'Región de Magallanes y de la Antártica Chilena': [
    'Punta Arenas', 'Laguna Blanca', 'Río Verde', 'San Gregorio', // Magallanes
    'Cabo de Hornos', 'Antártica', // Antártica Chilena
    'Porvenir', 'Primavera', 'Timaukel', // Tierra del Fuego
    'Natales', 'Torres del Paine', // Última Esperanza
  ],
};
