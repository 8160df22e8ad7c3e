<?php

namespace B2BRouter\Exception;

/**
 * Base interface for all B2BRouter exceptions.
 */
interface ExceptionInterface extends \Throwable
{
}
