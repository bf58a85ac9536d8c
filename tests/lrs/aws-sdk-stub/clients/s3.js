module.exports = require('../index.js').S3;
