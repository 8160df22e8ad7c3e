<?php // Where Composer writes its autoloader, required by examples/bootstrap.php: fiscalkit's instead.
require __DIR__ . '/../../../autoload.php';
